import { View, Text } from '@tarojs/components'
import { useSignUp } from '@/hooks/useSignUp'
import { useT } from '@/hooks/useT'
import { BusyButton } from './BusyButton'
import { InNameOrder } from './InNameOrder'
import { Field, FormError } from './Field'
import { TextLink } from './TextLink'
import './AccountPage.scss'
import './AccountForm.scss'

/** /account/signup: a new account; with a pending WeChat/Alipay identity the account also owns it. */
export function SignUpForm() {
  const t = useT()
  const { form, submit, pendingIdentity, loginUrl } = useSignUp()

  return (
    <View className="account-page account-signup">
      <Text className="account-page__title">{t('account.signup.title')}</Text>
      {pendingIdentity ? (
        <Text className="account-page__note">
          {t('account.signup.withIdentity', {
            provider: pendingIdentity === 'alipay' ? t('account.platform.alipay') : t('account.platform.wechat')
          })}
        </Text>
      ) : null}
      <InNameOrder
        first={<Field {...form.field('firstName')} label={t('account.field.firstName')} autoComplete="given-name" maxlength={60} />}
        last={<Field {...form.field('lastName')} label={t('account.field.lastName')} autoComplete="family-name" maxlength={60} />}
      />
      <Field {...form.field('emailID')} label={t('account.field.email')} autoComplete="email" inputType="email" maxlength={254} />
      <Field {...form.field('password')} label={t('account.field.newPassword')} password autoComplete="new-password" />
      <Field {...form.field('confirmPassword')} label={t('account.field.confirmPassword')} password autoComplete="new-password" />
      <FormError message={form.serverError} />
      <BusyButton className="account-form__submit" busy={form.busy} onClick={submit}>
        {t('account.signup.submit')}
      </BusyButton>
      <View className="account-form__links">
        <TextLink to={loginUrl} label={t('account.signup.toLogin')} />
      </View>
    </View>
  )
}
