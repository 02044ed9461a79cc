import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { Input } from '@/components/taro/FormComponents'
import { onlyWhen } from '@/components/common/booleanAttribute'
import { useRestockAlert } from '@/hooks/useRestockAlert'
import { useT } from '@/hooks/useT'
import './RestockAlert.scss'

interface RestockAlertProps {
  productId: string
  /** A sold-out option pair; absent: the whole product is sold out. */
  optionPair?: string
}

/** "E-mail me when it's back" under a sold-out product (or option pair): an e-mail and one button, then a thank-you. */
export function RestockAlert({ productId, optionPair }: RestockAlertProps) {
  const t = useT()
  const alert = useRestockAlert(productId, optionPair)
  if (alert.sentTo) {
    return (
      <View className="restock-alert restock-alert--sent">
        <Text role="status">{t('restock.sent', { email: alert.sentTo })}</Text>
        {alert.serverError ? (
          <View className="restock-alert__error" role="alert">
            {alert.serverError}
          </View>
        ) : null}
        {alert.canCancel ? (
          <View className="restock-alert__cancel" role="button" tabIndex={0} aria-disabled={alert.busy ? 'true' : 'false'} onClick={alert.cancel}>
            {t('restock.cancel')}
          </View>
        ) : null}
      </View>
    )
  }
  const label = t('restock.email')
  return (
    <View className="restock-alert">
      <Text className="restock-alert__title">{t('restock.title')}</Text>
      <Text className="restock-alert__intro">{t(optionPair ? 'restock.introChoice' : 'restock.intro')}</Text>
      {alert.cancelledFor ? (
        <Text className="restock-alert__cancelled" role="status">
          {t('restock.cancelled', { email: alert.cancelledFor })}
        </Text>
      ) : null}
      {alert.accountEmail ? (
        <Text className="restock-alert__account">{t('restock.account', { email: alert.accountEmail })}</Text>
      ) : (
        <View className="restock-alert__field">
          <Input
            className={`restock-alert__input${alert.emailError ? ' restock-alert__input--invalid' : ''}`}
            name="restockEmail"
            value={alert.email}
            placeholder={label}
            maxlength={254}
            ariaLabel={label}
            nativeProps={{ 'aria-label': label, 'aria-invalid': alert.emailError ? 'true' : 'false', autoComplete: 'email', type: 'email' }}
            confirmType="go"
            onInput={(e) => alert.setEmail(e.detail.value)}
            onConfirm={alert.submit}
          />
          {alert.emailError ? (
            <View className="restock-alert__error" role="alert">
              {alert.emailError}
            </View>
          ) : null}
        </View>
      )}
      {alert.serverError ? (
        <View className="restock-alert__error" role="alert">
          {alert.serverError}
        </View>
      ) : null}
      <Button className="restock-alert__submit" loading={onlyWhen(alert.busy)} disabled={onlyWhen(alert.busy)} onClick={alert.submit}>
        {t('restock.submit')}
      </Button>
    </View>
  )
}
