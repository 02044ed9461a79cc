import { View, Text } from '@tarojs/components'
import type { Order } from '@/api/orders'
import { Button } from '@/components/taro/Button'
import { useBuyAgain } from '@/hooks/useBuyAgain'
import { useT } from '@/hooks/useT'
import { BusyButton } from './BusyButton'
import '@/components/common/PrimaryButton.scss'
import './Orders.scss'

/** "Buy again" on an order's page (issue 42 n-14): the lines back in the cart; the ones the cart refused, named. */
export function BuyAgain({ order }: { order: Order }) {
  const t = useT()
  const b = useBuyAgain(order)
  if (!b.available) return null
  return (
    <View className="buy-again">
      <BusyButton className="primary-button buy-again__button" busy={b.busy} onClick={b.buyAgain}>
        {t('user.order.buyAgain')}
      </BusyButton>
      {b.outcome ? (
        <View className="buy-again__outcome" role="status">
          <Text className="buy-again__summary">{b.outcome.kind === 'some' ? t('user.order.buyAgain.some', { added: b.outcome.added }) : t('user.order.buyAgain.none')}</Text>
          {b.refusedLines.map((line) => (
            <Text key={line.key} className="buy-again__refused">
              {line.text}
            </Text>
          ))}
          {b.outcome.kind === 'some' ? (
            <Button className="buy-again__cart" onClick={b.goToCart}>
              {t('user.order.buyAgain.viewCart')}
            </Button>
          ) : null}
        </View>
      ) : null}
    </View>
  )
}
