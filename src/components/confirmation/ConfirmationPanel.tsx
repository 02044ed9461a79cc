import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import type { Order } from '@/api/orders'
import { CampaignConfirmation } from '@/features/campaigns/components/CampaignConfirmation'
import { Link } from '@/components/common/Link'
import { QrCode } from '@/components/common/LinkQrCode'
import { Price } from '@/components/common/Price'
import { Spinner } from '@/components/common/Spinner'
import { orderLookupPath } from '@/domain/orderLookup'
import { howPaid, type HowPaid, type OrderPlace } from '@/domain/placedOrder'
import type { MessageKey } from '@/i18n'
import type { Confirmation } from '@/hooks/useConfirmation'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { storeDateLabel } from '@/domain/storeClock'
import { useLocale } from '@/stores/locale'
import './ConfirmationPanel.scss'

/** Spec §2 order confirmation: the buttons under the success and in-process views (guest vs signed in). */
function NextSteps({ loggedIn, go, register }: Pick<Confirmation, 'loggedIn' | 'go' | 'register'>) {
  const t = useT()
  // Until app info arrives the shopper's buttons are not known; a "Register" that turns into "My orders" under a
  // finger would open the wrong page.
  if (loggedIn === null) return null
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
          <Button className="confirmation__button" onClick={() => go('/store')}>
            {t('confirmation.continueShopping')}
          </Button>
        </>
      ) : (
        // A guest's next step is the shop; an account (to track orders) is offered, not pressed (issue 29 m-9).
        <>
          <Button className="confirmation__button confirmation__button--primary" onClick={() => go('/store')}>
            {t('confirmation.continueShopping')}
          </Button>
          <Button className="confirmation__button" onClick={register}>
            {t('confirmation.register')}
          </Button>
        </>
      )}
    </View>
  )
}

/** A guest keeps the order number: the lookup page finds the order again from any browser (issue 18 item 4.11). */
function LookupHint({ orderID }: { orderID: string }) {
  const t = useT()
  const [before, after] = t('lookup.keepNumber', { link: '\u0000' }).split('\u0000')
  return (
    <Text className="confirmation__text confirmation__lookup">
      {before}
      <Link className="confirmation__lookup-link" to={orderLookupPath(orderID)}>
        {t('lookup.title')}
      </Link>
      {after}
    </Text>
  )
}

/** What the confirmation says of the payment; an order wholly paid with store credit was not paid online (issue 42 N-4). */
const PAYMENT_FACT: Record<HowPaid, MessageKey> = {
  PAY_AT_STORE: 'confirmation.payWhenCollecting',
  STORE_CREDIT: 'confirmation.paidWithStoreCredit',
  DISCOUNT: 'confirmation.coveredByCoupon',
  ONLINE: 'confirmation.paidOnline',
  // The success view shows a paid order; one not paid yet keeps the words it had.
  NOT_PAID: 'confirmation.paidOnline'
}

/** The pending, success, in-process and failure views of both confirmation pages. */
/** The order as placed: its lines and total, how it is paid, and where and when the shopper gets it. */
function OrderSummary({ order, place }: { order: Order; place: OrderPlace | null }) {
  const t = useT()
  const localized = useLocalized()
  return (
    <View className="confirmation__order">
      {order.lines.map((line) => (
        <View key={line.itemKey} className="confirmation__line">
          <Text>
            {localized(line.nameContent, line.name)} × {line.quantity}
          </Text>
          <Price amount={line.lineTotal} currency={order.currency} />
        </View>
      ))}
      <View className="confirmation__line confirmation__line--total">
        <Text>{t('confirmation.total')}</Text>
        <Price amount={order.total} currency={order.currency} />
      </View>
      <Text className="confirmation__fact" data-fact="payment">
        {t(PAYMENT_FACT[howPaid(order)])}
      </Text>
      {place ? <PlaceFacts place={place} /> : null}
    </View>
  )
}

function PlaceFacts({ place }: { place: OrderPlace }) {
  const t = useT()
  const language = useLocale((s) => s.language)
  const fact = (name: string, text: string) => (
    <Text className="confirmation__fact" data-fact={name}>
      {text}
    </Text>
  )
  switch (place.method) {
    case 'PICKUP':
      return (
        <>
          {fact('store', t('confirmation.pickupAt', { store: place.store }))}
          {place.address ? fact('address', place.address) : null}
          {place.time ? fact('time', t('confirmation.pickupTime', { time: storeDateLabel(place.time, language) })) : null}
        </>
      )
    case 'EAT_IN':
      return (
        <>
          {fact('store', t('confirmation.eatInAt', { store: place.store }))}
          {place.address ? fact('address', place.address) : null}
          {fact('table', t('confirmation.table', { table: place.table }))}
        </>
      )
    case 'DELIVERY':
      return (
        <>
          {fact('address', t('confirmation.deliverTo', { address: place.address }))}
          {place.time ? fact('time', t('confirmation.deliveryTime', { time: storeDateLabel(place.time, language) })) : null}
        </>
      )
  }
}

export function ConfirmationPanel({ view, order, place, stalled, weChatQr, loggedIn, storeName, go, register, signIn, retry, retrying, retryError }: Confirmation) {
  const t = useT()
  switch (view.view) {
    case 'pending':
      return (
        <View className="confirmation confirmation--pending">
          {weChatQr ? (
            <View className="confirmation__wechat-qr">
              <QrCode text={weChatQr} label={t('confirmation.weChatQrLabel')} className="confirmation__qr" />
              <Text className="confirmation__text">{t('confirmation.scanWithWeChat')}</Text>
            </View>
          ) : null}
          <Spinner label={t('confirmation.pending')} />
          {stalled ? (
            <View className="confirmation__stalled" role="status">
              <Text className="confirmation__text">{t('confirmation.stalled')}</Text>
              <View className="confirmation__actions">
                {/* The same order's payment again (n-4); without one started here, the checkout's kept form pays it. */}
                <Button className="confirmation__button confirmation__button--primary" loading={retrying || undefined} disabled={retrying || undefined} onClick={retry}>
                  {t('confirmation.retryPayment')}
                </Button>
                <Button className="confirmation__button" onClick={() => go('/checkout/cart')}>
                  {t('confirmation.backToCart')}
                </Button>
              </View>
              {retryError ? (
                <Text className="confirmation__text confirmation__retry-error" role="alert">
                  {retryError}
                </Text>
              ) : null}
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
          <Text className="confirmation__order-id">{t('confirmation.orderNumber', { orderID: view.orderID })}</Text>
          {storeName ? <Text className="confirmation__store">{t('confirmation.storeName', { storeName })}</Text> : null}
          {order ? <OrderSummary order={order} place={place} /> : null}
          {order?.receiptTo ? (
            <Text className="confirmation__text confirmation__receipt">{t('confirmation.receiptSent', { email: order.receiptTo })}</Text>
          ) : null}
          {order ? <CampaignConfirmation order={order} /> : null}
          {loggedIn === false ? <LookupHint orderID={view.orderID} /> : null}
          <NextSteps loggedIn={loggedIn} go={go} register={register} />
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
          {loggedIn === false ? <LookupHint orderID={view.orderID} /> : null}
          <NextSteps loggedIn={loggedIn} go={go} register={register} />
        </View>
      )
    case 'notFound':
      return (
        <View className="confirmation confirmation--not-found">
          <View className="confirmation__heading" role="heading">
            {t('confirmation.notFoundHeading')}
          </View>
          <Text className="confirmation__text">{t('confirmation.notFoundText', { orderID: view.orderID })}</Text>
          <View className="confirmation__actions">
            {loggedIn === null ? null : loggedIn ? (
              <Button className="confirmation__button confirmation__button--primary" onClick={() => go('/user/orders')}>
                {t('confirmation.checkOrderDetail')}
              </Button>
            ) : (
              <Button className="confirmation__button confirmation__button--primary" onClick={signIn}>
                {t('confirmation.signIn')}
              </Button>
            )}
            <Button className="confirmation__button" onClick={() => go('/store')}>
              {t('confirmation.continueShopping')}
            </Button>
          </View>
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
