import { View, Text } from '@tarojs/components'
import type { CampaignCart, CampaignStatus } from '@/features/campaigns/api'
import { BusyButton } from '@/components/account/BusyButton'
import '@/components/common/PrimaryButton.scss'
import { PaymentSection } from '@/components/checkout/PaymentSection'
import { Price } from '@/components/common/Price'
import { QuantityStepper } from '@/components/product/QuantityStepper'
import type { PaymentMethod } from '@/domain/paymentMethods'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { CampaignClock } from './CampaignClock'
import { CampaignProgress } from './CampaignProgress'
import './CampaignPage.scss'

interface Props {
  cart: CampaignCart
  status: CampaignStatus
  offset: number
  busy: boolean
  error: string | null
  choosesMethod: boolean
  methods: PaymentMethod[]
  method: PaymentMethod | ''
  onMethod(method: PaymentMethod): void
  onQuantity(itemId: string, quantity: number): void
  onPay(): void
}

/** The campaign cart's view: the campaign's progress and clock, the lines, totals, the payment method and Pay. */
export function CampaignCartView({ cart, status, offset, busy, error, choosesMethod, methods, method, onMethod, onQuantity, onPay }: Props) {
  const t = useT()
  const localized = useLocalized()
  const { campaign } = cart
  const open = status === 'OPEN'
  return (
    <View className="campaign-page campaign-cart" data-campaign-id={campaign.id} data-status={status}>
      <Text className="campaign-page__name">{localized(campaign.nameContent, campaign.name)}</Text>
      <CampaignProgress participants={campaign.participants} target={campaign.target} />
      {open ? <CampaignClock className="campaign-page__clock" endsAt={campaign.endsAt} offset={offset} /> : <Text className="campaign-page__closed" role="status">{t('campaign.notJoinable')}</Text>}
      {cart.lines.map((line) => {
        const name = localized(line.item.nameContent, line.item.name)
        return (
          <View key={line.item.id} className="campaign-cart__line" data-item-id={line.item.id}>
            <Text className="campaign-cart__line-name">{name}</Text>
            <QuantityStepper
              value={line.quantity}
              label={name}
              disabled={busy || !open}
              onChange={(q) => onQuantity(line.item.id, q)}
              onZero={() => onQuantity(line.item.id, 0)}
            />
            <Price amount={line.lineTotal} currency={cart.currency} was={line.item.regularPrice * line.quantity} />
          </View>
        )
      })}
      <View className="campaign-cart__totals">
        {cart.savings > 0 ? (
          <View className="campaign-cart__row">
            <Text>{t('campaign.savings')}</Text>
            <Price amount={cart.savings} currency={cart.currency} />
          </View>
        ) : null}
        <View className="campaign-cart__row campaign-cart__row--total">
          <Text>{t('campaign.total')}</Text>
          <Price amount={cart.total} currency={cart.currency} />
        </View>
      </View>
      {open ? (
        <PaymentSection payAtStoreAvailable={false} payment="ONLINE" onPayment={() => undefined} choosesMethod={choosesMethod} methods={methods} method={method} onMethod={onMethod} />
      ) : null}
      <Text className="campaign-page__how">{t('campaign.howItWorks')}</Text>
      {error ? <Text className="campaign-page__error" role="alert">{error}</Text> : null}
      <BusyButton className="primary-button campaign-cart__pay" busy={busy} disabled={busy || !open || (choosesMethod && !method)} onClick={onPay}>
        {t('campaign.pay')}
      </BusyButton>
    </View>
  )
}
