import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { Spinner } from '@/components/common/Spinner'
import type { Confirmation } from '@/hooks/useConfirmation'
import { useT } from '@/hooks/useT'
import './ConfirmationPanel.scss'

/** Spec §2 order confirmation: the buttons under the success and in-process views (guest vs signed in). */
function NextSteps({ loggedIn, go }: Pick<Confirmation, 'loggedIn' | 'go'>) {
  const t = useT()
  return (
    <View className="confirmation__actions">
      {loggedIn ? (
        <>
          <Button className="confirmation__button confirmation__button--primary" onClick={() => go('/user/orders')}>
            {t('confirmation.checkOrderDetail')}
          </Button>
          <Button className="confirmation__button" onClick={() => go('/user/list')}>
            {t('confirmation.myAccount')}
          </Button>
        </>
      ) : (
        <Button className="confirmation__button confirmation__button--primary" onClick={() => go('/account/signup')}>
          {t('confirmation.register')}
        </Button>
      )}
      <Button className="confirmation__button" onClick={() => go('/store')}>
        {t('confirmation.continueShopping')}
      </Button>
    </View>
  )
}

/** The pending, success, in-process and failure views of both confirmation pages. */
export function ConfirmationPanel({ view, stalled, loggedIn, storeName, go }: Confirmation) {
  const t = useT()
  switch (view.view) {
    case 'pending':
      return (
        <View className="confirmation confirmation--pending">
          <Spinner label={t('confirmation.pending')} />
          {stalled ? (
            <View className="confirmation__stalled" role="status">
              <Text className="confirmation__text">{t('confirmation.stalled')}</Text>
              <View className="confirmation__actions">
                {/* The checkout kept the form and the reserved order: placing it again pays the same order. */}
                <Button className="confirmation__button confirmation__button--primary" onClick={() => go('/checkout')}>
                  {t('confirmation.retryPayment')}
                </Button>
                <Button className="confirmation__button" onClick={() => go('/checkout/cart')}>
                  {t('confirmation.backToCart')}
                </Button>
              </View>
            </View>
          ) : null}
        </View>
      )
    case 'success':
      return (
        <View className="confirmation confirmation--success">
          <View className="confirmation__heading" role="heading">
            {t('confirmation.successHeading')}
          </View>
          <Text className="confirmation__text">{t('confirmation.receiptEmailed')}</Text>
          <Text className="confirmation__order-id">{t('confirmation.orderNumber', { orderID: view.orderID })}</Text>
          {storeName ? <Text className="confirmation__store">{t('confirmation.storeName', { storeName })}</Text> : null}
          <NextSteps loggedIn={loggedIn} go={go} />
        </View>
      )
    case 'inProcess':
      return (
        <View className="confirmation confirmation--in-process">
          <View className="confirmation__heading" role="heading">
            {t('confirmation.inProcessHeading')}
          </View>
          <Text className="confirmation__text">{t('confirmation.inProcessText')}</Text>
          <Text className="confirmation__order-id">{t('confirmation.orderNumber', { orderID: view.orderID })}</Text>
          <NextSteps loggedIn={loggedIn} go={go} />
        </View>
      )
    case 'failure':
      return (
        <View className="confirmation confirmation--failure">
          <View className="confirmation__heading" role="heading">
            {t('confirmation.failureHeading')}
          </View>
          {view.message ? (
            <View className="confirmation__error" role="alert">
              {view.message}
            </View>
          ) : null}
          <Text className="confirmation__text">{t('confirmation.failureText')}</Text>
          <View className="confirmation__actions">
            <Button className="confirmation__button confirmation__button--primary" onClick={() => go('/checkout')}>
              {t('confirmation.backToCart')}
            </Button>
          </View>
        </View>
      )
  }
}
