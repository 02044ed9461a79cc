import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { Input } from '@/components/taro/FormComponents'
import type { StoreCreditProblem } from '@/domain/storeCredit'
import { usePrice } from '@/hooks/usePrice'
import { useFieldLink } from '@/hooks/useFieldLink'
import { useT } from '@/hooks/useT'
import type { Translate } from '@/i18n'
import { FieldMessage, Section } from './Choices'

function problemText(t: Translate, format: (amount: number) => string, problem: StoreCreditProblem): string {
  switch (problem.reason) {
    case 'empty':
      return t('checkout.storeCreditRefused.empty', { most: format(problem.most) })
    case 'format':
      return t('checkout.error.amount')
    case 'balance':
      return t('checkout.storeCreditRefused.balance', { balance: format(problem.balance) })
    case 'total':
      return t('checkout.storeCreditRefused.total', { total: format(problem.total) })
    default:
      return problem.message
  }
}

/** Store credit at checkout (issue 42 N-4): the balance, the amount to use, why it was not used, and what is used. */
export function StoreCreditSection({ balance, currency, amount, applied, problem, busy, onAmount, onApply, onRemove }: {
  /** Minor units of `currency`. */
  balance: number
  currency: string
  amount: string
  /** The credit the server has applied to this order (minor units), null when none. */
  applied: number | null
  problem: StoreCreditProblem | null
  busy: boolean
  onAmount(amount: string): void
  onApply(): void
  onRemove(): void
}) {
  const t = useT()
  const { format } = usePrice()
  const money = (minor: number) => format(minor, currency)
  const message = problem ? problemText(t, money, problem) : undefined
  const link = useFieldLink(message)
  return (
    <Section name="storeCredit" title={t('checkout.storeCredit')} boxClass={link.boxClass}>
      <Text className="checkout__note">{t('checkout.storeCreditBalance', { balance: money(balance) })}</Text>
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
      <FieldMessage text={message} id={link.messageId} />
      {applied !== null ? (
        <View className="checkout__row checkout__store-credit-applied" role="status">
          <Text className="checkout__note">{t('checkout.storeCreditApplied', { amount: money(applied) })}</Text>
          <Button size="mini" disabled={busy || undefined} aria-label={t('checkout.removeStoreCreditLabel')} onClick={onRemove}>
            {t('checkout.removeStoreCredit')}
          </Button>
        </View>
      ) : null}
    </Section>
  )
}
