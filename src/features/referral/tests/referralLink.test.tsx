/**
 * Issue 13: a visitor arriving through a share link (?ref=) keeps the first referral id and registers with it; a
 * signed-in shopper's shared product path carries their own id.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import { SignUpForm } from '@/components/account/SignUpForm'
import { useReferralCapture, useReferralPath } from '@/features/referral/useReferral'
import { REFERRER_STORAGE_KEY } from '@/features/referral/referral'
import { platform } from '@/platform'
import { mockHttp } from '@tests/support/mockHttp'
import { emptyCart, guest, LANGS, resetStores, sessionAnswer, settle, signedIn, type } from '@tests/components/account/accountTestKit'

function Landing() {
  useReferralCapture()
  return <div>{useReferralPath('/store/product/1011')}</div>
}

const SUBMIT = { en: 'Create account', zh: '创建账户' }

describe.each(LANGS)('referral links (%s)', (lang) => {
  it('the first referral id of a link is kept; a later link does not replace it; junk is never kept', () => {
    resetStores(guest(), lang, '/store?ref=not%20valid')
    render(<Landing />)
    expect(platform.storage.get(REFERRER_STORAGE_KEY)).toBeUndefined()
    resetStores(guest(), lang, '/store?ref=RFIRST1')
    render(<Landing />)
    resetStores(guest(), lang, '/store/product/1011?ref=RSECOND2')
    render(<Landing />)
    expect(platform.storage.get(REFERRER_STORAGE_KEY)).toBe('RFIRST1')
  })

  it('registration sends the kept referral id, then forgets it', async () => {
    resetStores(guest(), lang, '/store?ref=RFIRST1')
    render(<Landing />)
    resetStores(guest(), lang, '/account/signup')
    const http = mockHttp({ 'POST /common3/clientRegistration': sessionAnswer, 'GET /shoppingManagement4/myCart': emptyCart })
    const { container } = render(<SignUpForm />)
    for (const [name, value] of [['firstName', 'Lin'], ['lastName', 'Chen'], ['emailID', 'lin@example.com'], ['password', 'correct horse'], ['confirmPassword', 'correct horse']]) {
      await type(container, name, value)
    }
    fireEvent.click(screen.getAllByText(SUBMIT[lang]).find((el) => el.closest('.account-form__submit'))!)
    await settle()
    expect(http.calls.find((c) => c.path === '/common3/clientRegistration')?.body).toMatchObject({ emailID: 'lin@example.com', referrerID: 'RFIRST1' })
    expect(platform.storage.get(REFERRER_STORAGE_KEY)).toBeUndefined()
  })

  it('a guest shares the plain path; a signed-in shopper shares it with their referral id', () => {
    resetStores(guest(), lang, '/store/product/1011')
    const { container, unmount } = render(<Landing />)
    expect(container.textContent).toBe('/store/product/1011')
    unmount()
    resetStores(signedIn(), lang, '/store/product/1011')
    expect(render(<Landing />).container.textContent).toBe(`/store/product/1011?ref=${signedIn().myID}`)
  })
})
