import { View, Text } from '@tarojs/components'
import { ORDER_LOOKUP_PATH } from '@/domain/orderLookup'
import { useSignIn } from '@/hooks/useSignIn'
import { useT } from '@/hooks/useT'
import { BusyButton } from './BusyButton'
import { Field, FormError } from './Field'
import { TextLink } from './TextLink'
import './AccountPage.scss'
import './AccountForm.scss'

/** /account/login: platform sign-in where there is one, then e-mail and password (which also links a new platform identity). */
export function LoginForm() {
  const t = useT()
  const s = useSignIn()
  const { form } = s
  const provider = s.pendingIdentity ?? s.platformProvider
  const providerName = provider === 'alipay' ? t('account.platform.alipay') : t('account.platform.wechat')

  return (
    <View className="account-page account-login">
      <Text className="account-page__title">{t('account.login.title')}</Text>

      {s.pendingIdentity ? (
        <View className="account-platform__pending" role="status">
          <Text>{t('account.platform.newIdentity', { provider: providerName })}</Text>
          <View className="account-form__links">
            <TextLink to={s.signUpUrl} label={t('account.platform.createAccount')} />
            <View className="account-form__link" role="link" tabIndex={0} onClick={s.cancelPendingIdentity}>
              {t('account.platform.notNow')}
            </View>
          </View>
        </View>
      ) : s.platformSignIn ? (
        <View className="account-platform">
          <BusyButton
            className={`account-platform__button account-platform__button--${s.platformProvider}`}
            busy={s.platformBusy}
            onClick={s.signInWithPlatform}
          >
            {t('account.platform.signInWith', { provider: providerName })}
          </BusyButton>
          <FormError message={s.platformError} />
        </View>
      ) : (
        <FormError message={s.platformError} />
      )}

      <Field
        {...form.field('emailID')}
        label={t('account.field.email')}
        autoComplete="email"
        inputType="email"
        maxlength={254}
        onSubmit={s.submit}
      />
      <Field
        {...form.field('password')}
        label={t('account.field.password')}
        password
        autoComplete="current-password"
        onSubmit={s.submit}
      />
      <FormError message={form.serverError} />
      <BusyButton className="account-form__submit" busy={form.busy} onClick={s.submit}>
        {s.pendingIdentity ? t('account.login.linkSubmit', { provider: providerName }) : t('account.login.submit')}
      </BusyButton>
      <View className="account-form__links">
        <TextLink to="/account/forgot" label={t('account.login.forgot')} />
        <TextLink to={s.signUpUrl} label={t('account.login.toSignUp')} />
        <TextLink to={ORDER_LOOKUP_PATH} label={t('lookup.fromLogin')} className="account-form__link--lookup" />
      </View>
    </View>
  )
}
