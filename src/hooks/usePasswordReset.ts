/**
 * Forgotten and new passwords: /account/forgot sends a reset link (forgotPassword?emailID); /account/reset
 * sets a new password with the link's token (resetPasswordExternal) or, signed in, changes it (resetPassword).
 */
import { useState } from 'react'
import { accountApi, type PasswordResetDone } from '@/api/account'

type IdentityKind = PasswordResetDone['unlinked'][number]
import { validateEmail, validateNewPassword, type NewPasswordValues } from '@/domain/accountForms'
import { selectLoggedIn, useAppInfo } from '@/stores/appInfo'
import { useAccountForm } from './useAccountForm'
import { useRoute } from './useRoute'

export function useForgotPassword() {
  const form = useAccountForm({ emailID: '' }, validateEmail)
  /** The answer never says whether the e-mail has an account; the screen says "if it exists, a link is on its way". */
  const [sent, setSent] = useState(false)
  const submit = () =>
    form.submit(async ({ emailID }) => {
      await accountApi.forgotPassword(emailID.trim())
      setSent(true)
    })
  return { form, submit, sent }
}

export function useResetPassword() {
  const token = useRoute().params.token
  const loggedIn = useAppInfo(selectLoggedIn)
  /** With a token the link resets; without one a signed-in shopper changes the password (old one required). */
  const mode: 'token' | 'change' | 'invalid' = token ? 'token' : loggedIn ? 'change' : 'invalid'
  const form = useAccountForm<NewPasswordValues>({ oldPassword: '', password: '', confirmPassword: '' }, (v) =>
    validateNewPassword(v, mode === 'change')
  )
  const [done, setDone] = useState(false)
  /** WeChat/Alipay sign-in the reset unjoined from the account (someone may have joined theirs before the owner). */
  const [unlinked, setUnlinked] = useState<IdentityKind[]>([])
  const submit = () =>
    form.submit(async (values) => {
      if (mode === 'token' && token) setUnlinked((await accountApi.resetPasswordExternal(token, values.password)).unlinked ?? [])
      else if (mode === 'change') await accountApi.resetPassword(values.oldPassword ?? '', values.password)
      setDone(true)
    })
  return { form, submit, mode, done, unlinked }
}
