import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { useOrderLookup } from '@/hooks/useOrderLookup'
import { useT } from '@/hooks/useT'
import { useAppInfo, selectLoggedIn } from '@/stores/appInfo'
import { BusyButton } from './BusyButton'
import { Field, FormError } from './Field'
import { OrderView } from './OrderView'
import { TextLink } from './TextLink'
import './AccountPage.scss'

/**
 * /orderlookup: a guest finds a guest order by the receipt link's reference, or by its number with the checkout e-mail
 * and phone (issue 18 item 4.11, issue 38 item 2).
 */
export function OrderLookup() {
  const t = useT()
  const { form, submit, order, again, linkBusy, linkError } = useOrderLookup()
  const loggedIn = useAppInfo(selectLoggedIn)
  if (order) {
    return (
      <View className="account-page order-detail order-lookup__result">
        <OrderView order={order} />
        <Button className="account-form__submit order-lookup__again" onClick={again}>
          {t('lookup.another')}
        </Button>
      </View>
    )
  }
  if (linkBusy) {
    return (
      <View className="account-page order-lookup">
        <Text className="account-page__title">{t('lookup.title')}</Text>
      </View>
    )
  }
  return (
    <View className="account-page order-lookup">
      <Text className="account-page__title">{t('lookup.title')}</Text>
      <Text className="account-page__note">{t('lookup.intro')}</Text>
      <Field
        {...form.field('orderID')}
        label={t('lookup.field.orderID')}
        maxlength={20}
      />
      <Field
        {...form.field('email')}
        label={t('lookup.field.email')}
        inputType="email"
        autoComplete="email"
        maxlength={254}
      />
      <Field
        {...form.field('phone')}
        label={t('lookup.field.phone')}
        inputType="tel"
        autoComplete="tel"
        maxlength={40}
        onSubmit={submit}
      />
      <FormError message={form.serverError ?? linkError} />
      <BusyButton className="account-form__submit order-lookup__submit" busy={form.busy} onClick={submit}>
        {t('lookup.submit')}
      </BusyButton>
      {loggedIn ? null : (
        <View className="account-form__links">
          <TextLink to="/account/login" label={t('lookup.signInHint')} />
        </View>
      )}
    </View>
  )
}
