import { View, Text } from '@tarojs/components'
import { useForgotPassword, useResetPassword } from '@/hooks/usePasswordReset'
import { useT } from '@/hooks/useT'
import '@/i18n/security'
import { BusyButton } from './BusyButton'
import { Field, FormError } from './Field'
import { TextLink } from './TextLink'
import './AccountPage.scss'
import './AccountForm.scss'

/** /account/forgot: asks for a reset link; the answer is the same whether or not the e-mail has an account. */
export function ForgotPasswordForm() {
  const t = useT()
  const { form, submit, sent } = useForgotPassword()
  return (
    <View className="account-page account-forgot">
      <Text className="account-page__title">{t('account.forgot.title')}</Text>
      {sent ? (
        <View className="account-form__success" role="status">
          {t('account.forgot.sent')}
        </View>
      ) : (
        <Text className="account-page__note">{t('account.forgot.intro')}</Text>
      )}
      <Field
        {...form.field('emailID')}
        label={t('account.field.email')}
        autoComplete="email"
        inputType="email"
        maxlength={254}
      />
      <FormError message={form.serverError} />
      <BusyButton className="account-form__submit" busy={form.busy} onClick={submit}>
        {t('account.forgot.submit')}
      </BusyButton>
      <View className="account-form__links">
        <TextLink to="/account/login" label={t('account.signup.toLogin')} />
      </View>
    </View>
  )
}

/** /account/reset?token=… sets a new password from the e-mailed link; signed in without a token it changes the password. */
export function ResetPasswordForm() {
  const t = useT()
  const { form, submit, mode, done, unlinked } = useResetPassword()

  if (mode === 'invalid') {
    return (
      <View className="account-page account-reset">
        <Text className="account-page__title">{t('account.reset.title')}</Text>
        <Text className="account-page__note">{t('account.reset.noToken')}</Text>
        <TextLink to="/account/forgot" label={t('account.login.forgot')} />
      </View>
    )
  }
  if (done) {
    return (
      <View className="account-page account-reset">
        <Text className="account-page__title">{t('account.reset.title')}</Text>
        <View className="account-form__success" role="status">
          {mode === 'token' ? t('account.reset.doneSignIn') : t('account.reset.doneChanged')}
        </View>
        {unlinked.length ? (
          <Text className="account-page__note account-reset__unlinked">
            {t('account.reset.unlinked', { names: unlinked.map((k) => t(k === 'wechat' ? 'account.identity.wechat' : 'account.identity.alipay')).join(' / ') })}
          </Text>
        ) : null}
        {mode === 'token' ? <TextLink to="/account/login" label={t('account.login.submit')} /> : <TextLink to="/user/list" label={t('user.title')} />}
      </View>
    )
  }
  return (
    <View className="account-page account-reset">
      <Text className="account-page__title">{mode === 'token' ? t('account.reset.title') : t('account.reset.changeTitle')}</Text>
      {mode === 'change' ? (
        <Field
          {...form.field('oldPassword')}
          label={t('account.field.currentPassword')}
          password
          autoComplete="current-password"
        />
      ) : null}
      <Field
        {...form.field('password')}
        label={t('account.field.newPassword')}
        password
        autoComplete="new-password"
      />
      <Field
        {...form.field('confirmPassword')}
        label={t('account.field.confirmPassword')}
        password
        autoComplete="new-password"
      />
      <FormError message={form.serverError} />
      <BusyButton className="account-form__submit" busy={form.busy} onClick={submit}>
        {t('account.reset.submit')}
      </BusyButton>
    </View>
  )
}
