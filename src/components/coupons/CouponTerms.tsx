import { View, Text } from '@tarojs/components'
import type { Coupon } from '@/api/content'
import { formatDateTime } from '@/components/account/orderLabels'
import { useLocalized } from '@/hooks/useLocalized'
import { usePrice } from '@/hooks/usePrice'
import { useT } from '@/hooks/useT'
import './Coupons.scss'

/** A coupon's code, what it gives (in the shopper's language), its minimum and end date. */
export function CouponTerms({ coupon, currency }: { coupon: Coupon; currency: string }) {
  const t = useT()
  const localized = useLocalized()
  const { format } = usePrice()
  return (
    <View className="coupon-terms">
      <View className="coupon-terms__head">
        <Text className="coupon-terms__code">{coupon.code}</Text>
        {coupon.personal ? <Text className="coupon-terms__badge">{t('coupons.personal')}</Text> : null}
      </View>
      <Text className="coupon-terms__description">{localized(coupon.descriptionContent, coupon.description)}</Text>
      <Text className="coupon-terms__rule">
        {coupon.minSubtotal > 0 ? t('coupons.minimum', { amount: format(coupon.minSubtotal, currency) }) : t('coupons.noMinimum')}
        {coupon.expiresAt ? ` · ${t('coupons.expires', { date: formatDateTime(coupon.expiresAt) })}` : ''}
      </Text>
    </View>
  )
}
