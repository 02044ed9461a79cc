import { fireEvent, render, screen } from '@testing-library/react'
import { SignUpForm } from '@/components/account/SignUpForm'
import type { Language } from '@/i18n'
import { useAppInfo } from '@/stores/appInfo'
import { useSession } from '@/stores/session'
import { fail, mockHttp } from '../../support/mockHttp'
import { navigations } from '../../support/taroMock'
import { emptyCart, expectFocusedInvalid, guest, LANGS, renderedInput, resetStores, sessionAnswer, settle, type, valueOf } from './accountTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: { submit: 'Create account', short: 'Use at least 8 characters.', mismatch: 'The passwords do not match.', required: 'This field is required.', withWeChat: 'Your new account will be linked to your WeChat account.' },
  zh: { submit: '创建账户', short: '密码至少需要 8 个字符。', mismatch: '两次输入的密码不一致。', required: '此项为必填项。', withWeChat: '新账户将与您的微信账号关联。' }
}

const submit = (lang: Language) => screen.getAllByText(TEXT[lang].submit).find((el) => el.closest('.account-form__submit'))!

async function fill(container: HTMLElement, password = 'correct horse', confirm = password) {
  await type(container, 'firstName', 'Lin')
  await type(container, 'lastName', 'Chen')
  await type(container, 'emailID', 'lin@example.com')
  await type(container, 'password', password)
  await type(container, 'confirmPassword', confirm)
}

describe.each(LANGS)('sign-up page (%s)', (lang) => {
  const text = TEXT[lang]

  it('asks the names in the language\'s order: 姓 (family name) before 名 in Chinese', async () => {
    resetStores(guest(), lang, '/account/signup')
    mockHttp()
    const { container } = render(<SignUpForm />)
    const order = [...container.querySelectorAll('[name="firstName"], [name="lastName"]')].map((el) => el.getAttribute('name'))
    expect(order).toEqual(lang === 'zh' ? ['lastName', 'firstName'] : ['firstName', 'lastName'])
    const labels = [...container.querySelectorAll('.account-field__label')].slice(0, 2).map((el) => el.textContent)
    expect(labels).toEqual(lang === 'zh' ? ['姓', '名'] : ['First name', 'Last name'])
  })

  it('checks every field before sending', async () => {
    resetStores(guest(), lang, '/account/signup')
    const http = mockHttp()
    const { container } = render(<SignUpForm />)
    fireEvent.click(submit(lang))
    await settle()
    expect(screen.getAllByText(text.required)).toHaveLength(5)
    await fill(container, 'short', 'shorter')
    fireEvent.click(submit(lang))
    await settle()
    expect(screen.getByText(text.short)).toBeInTheDocument()
    expect(screen.getByText(text.mismatch)).toBeInTheDocument()
    expect(http.calls).toHaveLength(0)
  })

  it('a refused sign-up puts the focus on the first invalid field as the form shows them (姓 first in Chinese)', async () => {
    resetStores(guest(), lang, '/account/signup')
    mockHttp()
    const { container } = render(<SignUpForm />)
    await renderedInput(container, 'confirmPassword')
    fireEvent.click(submit(lang))
    await settle()
    await expectFocusedInvalid(container, lang === 'zh' ? 'lastName' : 'firstName', text.required)
    await fill(container, 'short', 'shorter')
    fireEvent.click(submit(lang))
    await settle()
    await expectFocusedInvalid(container, 'password', text.short)
    expect(valueOf(container, 'emailID')).toBe('lin@example.com')
  })

  it('from the order confirmation: e-mail and name come filled in', async () => {
    resetStores(guest(), lang, '/account/signup?email=ada%2Bshop%40example.com&firstName=Ada&lastName=Lovelace')
    mockHttp()
    const { container } = render(<SignUpForm />)
    await settle()
    expect(valueOf(container, 'emailID')).toBe('ada+shop@example.com')
    expect(valueOf(container, 'firstName')).toBe('Ada')
    expect(valueOf(container, 'lastName')).toBe('Lovelace')
    expect(valueOf(container, 'password')).toBe('')
  })

  it('an e-mail already registered shows the server message and keeps every typed value', async () => {
    resetStores(guest(), lang, '/account/signup')
    mockHttp({ 'POST /common3/clientRegistration': fail(409, 'An account with this e-mail already exists') })
    const { container } = render(<SignUpForm />)
    await fill(container)
    fireEvent.click(submit(lang))
    await settle()
    expect(screen.getByRole('alert')).toHaveTextContent('An account with this e-mail already exists')
    expect(valueOf(container, 'firstName')).toBe('Lin')
    expect(valueOf(container, 'emailID')).toBe('lin@example.com')
    expect(valueOf(container, 'password')).toBe('correct horse')
    expect(navigations).toHaveLength(0)
  })

  it('creates the account, signs in and opens my account', async () => {
    resetStores(guest(), lang, '/account/signup')
    const http = mockHttp({ 'POST /common3/clientRegistration': sessionAnswer, 'GET /shoppingManagement4/myCart': emptyCart })
    const { container } = render(<SignUpForm />)
    await fill(container)
    fireEvent.click(submit(lang))
    await settle()
    expect(http.calls[0].body).toEqual({ firstName: 'Lin', lastName: 'Chen', emailID: 'lin@example.com', password: 'correct horse' })
    expect(useAppInfo.getState().info?.userID).toBe('10001')
    expect(navigations).toEqual([{ kind: 'redirectTo', url: '/user/list' }])
  })

  it('with a WeChat identity waiting, registers it with the new account (wechat/register)', async () => {
    resetStores(guest(), lang, '/account/signup')
    useSession.setState({ pendingIdentity: 'wechat' })
    const http = mockHttp({ 'POST /wechat/register': { ...sessionAnswer, weChatOpenId: 'oNew' }, 'GET /shoppingManagement4/myCart': emptyCart })
    const { container } = render(<SignUpForm />)
    expect(screen.getByText(text.withWeChat)).toBeInTheDocument()
    await fill(container)
    fireEvent.click(submit(lang))
    await settle()
    expect(http.calls[0].path).toBe('/wechat/register')
    expect(useSession.getState()).toMatchObject({ weChatOpenId: 'oNew', pendingIdentity: null })
  })
})
