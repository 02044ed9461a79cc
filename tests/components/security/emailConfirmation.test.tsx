/**
 * E-mail confirmation and the reset's unjoined identities (security probe finding 8): the mailed link's page, the
 * account area's notice with "send the link again", and the reset page naming what it unlinked.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import { ResetPasswordForm } from '@/components/account/PasswordForms'
import { EmailConfirmationNotice, VerifyEmail } from '@/components/account/EmailConfirmation'
import type { Language } from '@/i18n'
import { useAppInfo } from '@/stores/appInfo'
import { fail, mockHttp } from '../../support/mockHttp'
import { guest, LANGS, resetStores, settle, signedIn, type } from '../account/accountTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    done: 'Thank you: lin@example.com is confirmed. You can now link WeChat or Alipay sign-in to your account.',
    noToken: 'This confirmation link is incomplete.',
    notice: 'Your e-mail address lin@example.com is not confirmed yet.',
    resend: 'Send the link again',
    resent: 'A new link was sent to lin@example.com.',
    save: 'Save password',
    unlinked: 'For your safety, WeChat sign-in was unlinked from this account.'
  },
  zh: {
    done: '谢谢！lin@example.com 已确认。现在您可以为账户关联微信或支付宝登录。',
    noToken: '该确认链接不完整。',
    notice: '您的邮箱地址 lin@example.com 尚未确认。',
    resend: '重新发送链接',
    resent: '新的链接已发送至 lin@example.com。',
    save: '保存密码',
    unlinked: '为了您的安全，已解除此账户与微信登录的关联。'
  }
}

const unconfirmed = () => ({ ...signedIn(), emailVerified: false })

describe.each(LANGS)('e-mail confirmation (%s)', (lang) => {
  const text = TEXT[lang]

  it('the mailed link confirms the address once, and the signed-in account shows it confirmed', async () => {
    resetStores(unconfirmed(), lang, '/account/verify?token=tok-1')
    const http = mockHttp({ 'POST /common3/verifyEmail': { ok: true, emailID: 'lin@example.com' } })
    render(<VerifyEmail />)
    expect(await screen.findByRole('status')).toHaveTextContent(text.done)
    expect(http.calls.map((c) => [c.method, c.path, c.body])).toEqual([['POST', '/common3/verifyEmail', { token: 'tok-1' }]])
    expect(useAppInfo.getState().info?.emailVerified).toBe(true)
  })

  it('an expired link shows the server message; a link without token makes no call', async () => {
    resetStores(guest(), lang, '/account/verify?token=old')
    mockHttp({ 'POST /common3/verifyEmail': fail(400, 'This confirmation link is invalid or has expired') })
    const { unmount } = render(<VerifyEmail />)
    expect(await screen.findByText('This confirmation link is invalid or has expired')).toBeInTheDocument()
    unmount()
    resetStores(guest(), lang, '/account/verify')
    const http = mockHttp({})
    render(<VerifyEmail />)
    expect(screen.getByText(text.noToken, { exact: false })).toBeInTheDocument()
    await settle()
    expect(http.calls).toEqual([])
  })

  it('my account: an unconfirmed address is shown with "send the link again"; a confirmed one is not', async () => {
    resetStores(unconfirmed(), lang, '/user/list')
    const http = mockHttp({ 'POST /admin/userManagement/emailVerification': { ok: true, emailID: 'lin@example.com' } })
    const { unmount } = render(<EmailConfirmationNotice />)
    expect(screen.getByText(text.notice, { exact: false })).toBeInTheDocument()
    fireEvent.click(screen.getByText(text.resend))
    expect(await screen.findByRole('status')).toHaveTextContent(text.resent)
    expect(http.calls.map((c) => [c.method, c.path])).toEqual([['POST', '/admin/userManagement/emailVerification']])
    unmount()
    resetStores({ ...signedIn(), emailVerified: true }, lang, '/user/list')
    render(<EmailConfirmationNotice />)
    expect(screen.queryByText(text.resend)).toBeNull()
  })

  it('too many requests for a new link: the server message is shown', async () => {
    resetStores(unconfirmed(), lang, '/user/list')
    mockHttp({ 'POST /admin/userManagement/emailVerification': fail(429, 'Too many confirmation mails. Try again in 40 minutes.') })
    render(<EmailConfirmationNotice />)
    fireEvent.click(screen.getByText(text.resend))
    expect(await screen.findByText('Too many confirmation mails. Try again in 40 minutes.')).toBeInTheDocument()
  })

  it('a reset that unlinked WeChat says so, so the owner can link theirs again', async () => {
    resetStores(guest(), lang, '/account/reset?token=tok123')
    mockHttp({ 'POST /common3/resetPasswordExternal': { ok: true, unlinked: ['wechat'] } })
    const { container } = render(<ResetPasswordForm />)
    await type(container, 'password', 'brand new pass')
    await type(container, 'confirmPassword', 'brand new pass')
    fireEvent.click(screen.getByText(text.save))
    expect(await screen.findByText(text.unlinked, { exact: false })).toBeInTheDocument()
  })
})
