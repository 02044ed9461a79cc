import { View, Text } from '@tarojs/components'
import { Price } from '@/components/common/Price'
import { EmptyState } from '@/components/common/EmptyState'
import { useStoreCredit } from '@/hooks/useAccount'
import { useT } from '@/hooks/useT'
import { creditReasonLabel, formatDateTime } from './orderLabels'
import { TopUpForm } from './TopUpForm'
import './MyAccount.scss'

export function StoreCreditPanel() {
  const t = useT()
  const { credit, history, error, reload } = useStoreCredit()
  return (
    <View className="my-account__section store-credit">
      <Text className="my-account__heading">{t('user.credit.title')}</Text>
      {error ? <EmptyState tone="error" message={t('common.error', { message: error })} action={{ label: t('common.retry'), onClick: reload }} /> : null}
      {credit ? (
        <View className="store-credit__balance">
          <Text>{t('user.credit.balance')}</Text>
          <Price amount={credit.balance} currency={credit.currency} />
        </View>
      ) : null}
      {credit ? <TopUpForm currency={credit.currency} onCredited={() => void reload()} /> : null}
      {credit && history.length === 0 ? <Text className="my-account__empty">{t('user.credit.noHistory')}</Text> : null}
      {credit
        ? history.map((entry, i) => (
            <View key={`${entry.createdAt}-${i}`} className="store-credit__entry">
              <View className="store-credit__what">
                <Text>
                  {entry.orderID
                    ? t('user.credit.forOrder', { reason: creditReasonLabel(t, entry.reason), id: entry.orderID })
                    : creditReasonLabel(t, entry.reason)}
                </Text>
                <Text className="store-credit__time">{formatDateTime(entry.createdAt)}</Text>
              </View>
              <Price amount={entry.amount} currency={credit.currency} />
            </View>
          ))
        : null}
    </View>
  )
}
