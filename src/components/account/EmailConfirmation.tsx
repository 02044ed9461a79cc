import { View, Text } from '@tarojs/components'
import { useResendEmailVerification, useVerifyEmailLink } from '@/hooks/useEmailVerification'
import { useT } from '@/hooks/useT'
import '@/i18n/security'
import { BusyButton } from './BusyButton'
import { FormError } from './Field'
import { TextLink } from './TextLink'
import './AccountPage.scss'
import './AccountForm.scss'
import './MyAccount.scss'

/** My account: while the address is not confirmed, says so and offers the link again. */
export function EmailConfirmationNotice() {
  const t = useT()
  const { unconfirmed, email, busy, sentTo, error, resend } = useResendEmailVerification()
  if (!unconfirmed) return null
  return (
    <View className="my-account__section email-confirmation">
      <Text className="account-page__note">{t('user.emailUnverified', { email })}</Text>
      {sentTo ? (
        <View className="account-form__success" role="status">
          {t('user.emailResent', { email: sentTo })}
        </View>
      ) : null}
      <FormError message={error} />
      <BusyButton className="email-confirmation__resend" busy={busy} onClick={resend}>
        {t('user.emailResend')}
      </BusyButton>
    </View>
  )
}

/** /account/verify?token=…: the link of the confirmation mail. */
export function VerifyEmail() {
  const t = useT()
  const state = useVerifyEmailLink()
  return (
    <View className="account-page account-verify">
      <Text className="account-page__title">{t('account.verify.title')}</Text>
      {state.status === 'working' ? <Text className="account-page__note">{t('account.verify.working')}</Text> : null}
      {state.status === 'noToken' ? <Text className="account-page__note">{t('account.verify.noToken')}</Text> : null}
      {state.status === 'done' ? (
        <View className="account-form__success" role="status">
          {t('account.verify.done', { email: state.email })}
        </View>
      ) : null}
      {state.status === 'failed' ? <FormError message={state.error} /> : null}
      {state.status === 'working' ? null : <TextLink to="/user/list" label={t('account.verify.toAccount')} />}
    </View>
  )
}
