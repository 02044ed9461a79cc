import { Text } from '@tarojs/components'
import type { PaymentChoice } from '@/domain/checkoutForm'
import { useT } from '@/hooks/useT'
import type { MessageKey } from '@/i18n'
import type { H5PaymentChannel } from '@/platform/types'
import { Choices, FieldMessage, Section, type Choice } from './Choices'

export function PaymentSection({ payAtStoreAvailable, payment, onPayment, needsChannel, channels, channel, onChannel, error }: {
  payAtStoreAvailable: boolean
  payment: PaymentChoice
  onPayment(payment: PaymentChoice): void
  /** A browser chooses a channel; a mini-program pays with its own sheet. */
  needsChannel: boolean
  channels: H5PaymentChannel[]
  channel: H5PaymentChannel | ''
  onChannel(channel: H5PaymentChannel): void
  error?: string
}) {
  const t = useT()
  const choices: Choice<PaymentChoice>[] = [{ value: 'ONLINE', label: t('checkout.payOnline') }]
  if (payAtStoreAvailable) choices.push({ value: 'PAY_AT_STORE', label: t('checkout.payAtStore') })
  const online = payment === 'ONLINE' || !payAtStoreAvailable
  return (
    <Section name="payment" title={t('checkout.payment')}>
      {choices.length > 1 ? <Choices name="payment" options={choices} selected={payment} onSelect={onPayment} /> : null}
      {online && needsChannel ? (
        channels.length ? (
          <Choices name="channel" options={channels.map((ch) => ({ value: ch, label: t(`checkout.channel.${ch}` as MessageKey) }))} selected={channel} onSelect={onChannel} />
        ) : (
          <Text className="checkout__note">{t('checkout.noOnlinePayment')}</Text>
        )
      ) : null}
      {online && !needsChannel ? <Text className="checkout__note">{t('checkout.payInApp')}</Text> : null}
      <FieldMessage text={error} />
    </Section>
  )
}
