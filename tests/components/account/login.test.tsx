import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { LoginForm } from '@/components/account/LoginForm'
import type { Language } from '@/i18n'
import { useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { useSession } from '@/stores/session'
import { fail, mockHttp } from '../../support/mockHttp'
import { navigations } from '../../support/taroMock'
import { emptyCart, expectFocusedInvalid, guest, LANGS, renderedInput, resetStores, sessionAnswer, settle, type, valueOf } from './accountTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    submit: 'Sign in',
    required: 'This field is required.',
    emailInvalid: 'Enter a valid e-mail address.',
    wrong: 'The e-mail or password is incorrect.',
    tooMany: 'Too many failed attempts. Please wait a few minutes and try again.',
    link: 'Sign in and link WeChat'
  },
  zh: {
    submit: '登录',
    required: '此项为必填项。',
    emailInvalid: '请输入有效的电子邮箱地址。',
    wrong: '电子邮箱或密码不正确。',
    tooMany: '失败次数过多，请稍等几分钟后再试。',
    link: '登录并关联微信'
  }
}

const submitButton = (lang: Language) => screen.getAllByText(TEXT[lang].submit).find((el) => el.closest('.account-form__submit'))!

describe.each(LANGS)('sign-in page (%s)', (lang) => {
  const text = TEXT[lang]

  it('the e-mail field brings up the e-mail keyboard and offers the saved address', async () => {
    resetStores(guest(), lang, '/account/login')
    mockHttp()
    const { container } = render(<LoginForm />)
    const email = container.querySelector('[name="emailID"]') as HTMLElement
    await waitFor(() => expect(email.querySelector('input')).not.toBeNull())
    const input = email.querySelector('input') as HTMLInputElement
    expect([input.getAttribute('type'), input.getAttribute('inputmode'), input.getAttribute('autocomplete')]).toEqual(['email', 'email', 'email'])
  })

  it('shows a message under each empty field and sends nothing', async () => {
    resetStores(guest(), lang, '/account/login')
    const http = mockHttp()
    render(<LoginForm />)
    fireEvent.click(submitButton(lang))
    await settle()
    expect(screen.getAllByText(text.required)).toHaveLength(2)
    expect(http.calls).toHaveLength(0)
  })

  it('a refused sign-in puts the focus on the first invalid field, which names its message; what was typed stays', async () => {
    resetStores(guest(), lang, '/account/login')
    mockHttp()
    const { container } = render(<LoginForm />)
    await renderedInput(container, 'password')
    fireEvent.click(submitButton(lang))
    await settle()
    await expectFocusedInvalid(container, 'emailID', text.required)
    await type(container, 'emailID', 'lin@')
    await type(container, 'password', 'secret-pass')
    fireEvent.click(submitButton(lang))
    await settle()
    await expectFocusedInvalid(container, 'emailID', text.emailInvalid)
    expect(valueOf(container, 'password')).toBe('secret-pass')
    await type(container, 'emailID', 'lin@example.com')
    await type(container, 'password', '')
    fireEvent.click(submitButton(lang))
    await settle()
    await expectFocusedInvalid(container, 'password', text.required)
    expect(valueOf(container, 'emailID')).toBe('lin@example.com')
    const email = await renderedInput(container, 'emailID')
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('false'))
  })

  it('rejects an e-mail without a domain', async () => {
    resetStores(guest(), lang, '/account/login')
    const http = mockHttp()
    const { container } = render(<LoginForm />)
    await type(container, 'emailID', 'lin@')
    await type(container, 'password', 'secret-pass')
    fireEvent.click(submitButton(lang))
    await settle()
    expect(screen.getByText(text.emailInvalid)).toBeInTheDocument()
    expect(http.calls).toHaveLength(0)
  })

  it('a wrong password says so without telling whether the e-mail exists, and keeps what was typed', async () => {
    resetStores(guest(), lang, '/account/login')
    mockHttp({ 'POST /common3/signon': fail(401, 'Incorrect e-mail or password') })
    const { container } = render(<LoginForm />)
    await type(container, 'emailID', 'lin@example.com')
    await type(container, 'password', 'not-my-password')
    fireEvent.click(submitButton(lang))
    await settle()
    expect(screen.getByRole('alert')).toHaveTextContent(text.wrong)
    expect(valueOf(container, 'emailID')).toBe('lin@example.com')
    expect(valueOf(container, 'password')).toBe('not-my-password')
    expect(useAppInfo.getState().info?.userID).toBeUndefined()
    expect(navigations).toHaveLength(0)
  })

  it('after repeated failures the server brake is explained', async () => {
    resetStores(guest(), lang, '/account/login')
    mockHttp({ 'POST /common3/signon': fail(429, 'Too many failed sign-in attempts. Try again in 15 minutes.') })
    const { container } = render(<LoginForm />)
    await type(container, 'emailID', 'lin@example.com')
    await type(container, 'password', 'whatever-1')
    fireEvent.click(submitButton(lang))
    await settle()
    expect(screen.getByRole('alert')).toHaveTextContent(text.tooMany)
  })

  it('signs in: the session goes into app info, the carried-over cart is reloaded, then the redirect page opens', async () => {
    resetStores(guest(), lang, '/account/login?redirect=%2Fuser%2Forders')
    const http = mockHttp({
      'POST /common3/signon': sessionAnswer,
      'GET /shoppingManagement4/myCart': { ...emptyCart, itemCount: 2 }
    })
    const { container } = render(<LoginForm />)
    await type(container, 'emailID', ' lin@example.com ')
    await type(container, 'password', 'correct horse')
    fireEvent.click(submitButton(lang))
    await settle()
    expect(http.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /common3/signon', 'GET /shoppingManagement4/myCart'])
    expect(http.calls[0].body).toEqual({ emailID: 'lin@example.com', password: 'correct horse' })
    expect(useAppInfo.getState().info?.userID).toBe('10001')
    expect(useCart.getState().cart?.itemCount).toBe(2)
    expect(navigations).toEqual([{ kind: 'redirectTo', url: '/user/orders' }])
  })

  it("Enter in the password field (the phone keyboard's Go) signs in", async () => {
    resetStores(guest(), lang, '/account/login')
    const http = mockHttp({ 'POST /common3/signon': sessionAnswer, 'GET /shoppingManagement4/myCart': emptyCart })
    const { container } = render(<LoginForm />)
    await type(container, 'emailID', 'lin@example.com')
    await type(container, 'password', 'correct horse')
    // Taro's input turns Enter (keyCode 13) into its confirm event, which is what a phone keyboard's Go sends.
    fireEvent(container.querySelector('[name="password"]') as Element, new CustomEvent('confirm', { detail: { value: 'correct horse' }, bubbles: true }))
    await settle()
    expect(http.calls[0]).toMatchObject({ method: 'POST', path: '/common3/signon', body: { emailID: 'lin@example.com', password: 'correct horse' } })
    expect(navigations).toEqual([{ kind: 'redirectTo', url: '/user/list' }])
  })

  it('without a redirect goes to my account; a redirect to another site is ignored', async () => {
    resetStores(guest(), lang, '/account/login?redirect=%2F%2Fevil.example')
    mockHttp({ 'POST /common3/signon': sessionAnswer, 'GET /shoppingManagement4/myCart': emptyCart })
    const { container } = render(<LoginForm />)
    await type(container, 'emailID', 'lin@example.com')
    await type(container, 'password', 'correct horse')
    fireEvent.click(submitButton(lang))
    await settle()
    expect(navigations).toEqual([{ kind: 'redirectTo', url: '/user/list' }])
  })

  it('with a WeChat identity waiting, the same form links it (wechat/link) and keeps the open id', async () => {
    resetStores(guest(), lang, '/account/login')
    useSession.setState({ pendingIdentity: 'wechat' })
    const http = mockHttp({
      'POST /wechat/link': { ...sessionAnswer, weChatOpenId: 'oOpenId123' },
      'GET /shoppingManagement4/myCart': emptyCart
    })
    const { container } = render(<LoginForm />)
    await type(container, 'emailID', 'lin@example.com')
    await type(container, 'password', 'correct horse')
    fireEvent.click(screen.getByText(text.link))
    await settle()
    expect(http.calls[0].path).toBe('/wechat/link')
    expect(useSession.getState()).toMatchObject({ weChatOpenId: 'oOpenId123', pendingIdentity: null })
    expect(useAppInfo.getState().info?.userID).toBe('10001')
  })

  it('a plain browser offers no WeChat or Alipay button', () => {
    resetStores(guest(), lang, '/account/login')
    mockHttp()
    const { container } = render(<LoginForm />)
    expect(container.querySelector('.account-platform__button')).toBeNull()
  })
})
