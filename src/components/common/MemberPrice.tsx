import { View, Text } from '@tarojs/components'
import type { MemberPriceView } from '@/features/memberships/membership'
import { usePrice } from '@/hooks/usePrice'
import { useT } from '@/hooks/useT'
import { useAppInfo } from '@/stores/appInfo'
import './MemberPrice.scss'

/**
 * The member price beside the regular one (lists, product page, cart lines); a shopper who is not a member also sees
 * what a member saves. Amounts come computed by the server.
 */
export function MemberPrice({ view, currency, className }: { view: MemberPriceView | null; currency: string; className?: string }) {
  const t = useT()
  const { format } = usePrice()
  const member = useAppInfo((s) => !!s.info?.membership)
  if (!view) return null
  return (
    <View className={`member-price ${className ?? ''}`}>
      <Text className="member-price__label">{t('store.memberPrice')}</Text>
      <Text className="member-price__amount">{format(view.memberPrice, currency)}</Text>
      {member ? null : <Text className="member-price__save">{t('store.memberSaves', { amount: format(view.saving, currency) })}</Text>}
    </View>
  )
}
