import { fireEvent, render, screen } from '@testing-library/react'
import { ForgotPasswordForm, ResetPasswordForm } from '@/components/account/PasswordForms'
import type { Language } from '@/i18n'
import { fail, mockHttp } from '../../support/mockHttp'
import { guest, LANGS, resetStores, settle, signedIn, type, valueOf } from './accountTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    send: 'Send reset link',
    sent: 'If an account exists for this e-mail, a reset link is on its way.',
    save: 'Save password',
    doneSignIn: 'Your password has been changed. Please sign in with it.',
    doneChanged: 'Your password has been changed.',
    noToken: 'This reset link is incomplete. Ask for a new one.',
    required: 'This field is required.'
  },
  zh: {
    send: '发送重置链接',
    sent: '如果该邮箱已注册账户，重置链接已发出。',
    save: '保存密码',
    doneSignIn: '密码已修改，请使用新密码登录。',
    doneChanged: '密码已修改。',
    noToken: '该重置链接不完整，请重新申请。',
    required: '此项为必填项。'
  }
}

describe.each(LANGS)('passwords (%s)', (lang) => {
  const text = TEXT[lang]

  it('forgot: sends forgotPassword?emailID and says the same thing whether or not the e-mail has an account', async () => {
    resetStores(guest(), lang, '/account/forgot')
    const http = mockHttp({ 'GET /common3/forgotPassword': { ok: true, message: 'If an account exists for this e-mail, a reset link has been sent.' } })
    const { container } = render(<ForgotPasswordForm />)
    await type(container, 'emailID', 'someone@example.com')
    fireEvent.click(screen.getByText(text.send))
    await settle()
    expect(http.calls[0].query).toEqual({ emailID: 'someone@example.com' })
    expect(screen.getByRole('status')).toHaveTextContent(text.sent)
  })

  it('reset link: sets the new password with the token', async () => {
    resetStores(guest(), lang, '/account/reset?token=tok123')
    const http = mockHttp({ 'POST /common3/resetPasswordExternal': { ok: true, unlinked: [] } })
    const { container } = render(<ResetPasswordForm />)
    expect(container.querySelector('[name="oldPassword"]')).toBeNull()
    await type(container, 'password', 'brand new pass')
    await type(container, 'confirmPassword', 'brand new pass')
    fireEvent.click(screen.getByText(text.save))
    await settle()
    expect(http.calls[0].body).toEqual({ token: 'tok123', password: 'brand new pass' })
    expect(screen.getByRole('status')).toHaveTextContent(text.doneSignIn)
  })

  it('an expired link shows the server message and keeps the typed passwords', async () => {
    resetStores(guest(), lang, '/account/reset?token=old')
    mockHttp({ 'POST /common3/resetPasswordExternal': fail(400, 'Reset link is invalid or has expired') })
    const { container } = render(<ResetPasswordForm />)
    await type(container, 'password', 'brand new pass')
    await type(container, 'confirmPassword', 'brand new pass')
    fireEvent.click(screen.getByText(text.save))
    await settle()
    expect(screen.getByRole('alert')).toHaveTextContent('Reset link is invalid or has expired')
    expect(valueOf(container, 'password')).toBe('brand new pass')
  })

  it('signed in without a token: changes the password, asking for the current one', async () => {
    resetStores(signedIn(), lang, '/account/reset')
    const http = mockHttp({ 'POST /admin/userManagement/resetPassword': { ok: true } })
    const { container } = render(<ResetPasswordForm />)
    await type(container, 'password', 'brand new pass')
    await type(container, 'confirmPassword', 'brand new pass')
    fireEvent.click(screen.getByText(text.save))
    await settle()
    expect(screen.getByText(text.required)).toBeInTheDocument()
    expect(http.calls).toHaveLength(0)
    await type(container, 'oldPassword', 'old pass 123')
    fireEvent.click(screen.getByText(text.save))
    await settle()
    expect(http.calls[0].body).toEqual({ oldPassword: 'old pass 123', newPassword: 'brand new pass' })
    expect(screen.getByRole('status')).toHaveTextContent(text.doneChanged)
  })

  it('a guest without a token is told the link is incomplete', () => {
    resetStores(guest(), lang, '/account/reset')
    mockHttp()
    render(<ResetPasswordForm />)
    expect(screen.getByText(text.noToken)).toBeInTheDocument()
  })
})
