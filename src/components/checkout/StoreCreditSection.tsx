import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { Input } from '@/components/taro/FormComponents'
import { usePrice } from '@/hooks/usePrice'
import { useFieldLink } from '@/hooks/useFieldLink'
import { useT } from '@/hooks/useT'
import { FieldMessage, Section } from './Choices'

export function StoreCreditSection({ balance, currency, amount, error, busy, onAmount, onApply }: {
  /** Minor units of `currency`. */
  balance: number
  currency: string
  amount: string
  error?: string
  busy: boolean
  onAmount(amount: string): void
  onApply(): void
}) {
  const t = useT()
  const { format } = usePrice()
  const link = useFieldLink(error)
  return (
    <Section name="storeCredit" title={t('checkout.storeCredit')} boxClass={link.boxClass}>
      <Text className="checkout__note">{t('checkout.storeCreditBalance', { balance: format(balance, currency) })}</Text>
      <View className="checkout__row">
        <Input
          className="checkout__input"
          name="storeCredit"
          type="digit"
          value={amount}
          ariaLabel={t('checkout.storeCreditAmount')}
          nativeProps={{ 'aria-label': t('checkout.storeCreditAmount'), ...link.control }}
          onInput={(e) => onAmount(e.detail.value)}
        />
        <Button size="mini" disabled={busy || undefined} onClick={onApply}>
          {t('checkout.applyStoreCredit')}
        </Button>
      </View>
      <FieldMessage text={error} id={link.messageId} />
    </Section>
  )
}
