import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import type { Coupon } from '@/api/content'
import { couponFit, couponSaving, pickerOrder } from '@/domain/coupons'
import { usePrice } from '@/hooks/usePrice'
import { useT } from '@/hooks/useT'
import { CouponTerms } from './CouponTerms'
import './Coupons.scss'

/** Checkout's coupon picker: the shopper's coupons, best for this cart first, each applied with one tap. */
export function CouponPicker({ offers, applied, subtotal, currency, busy, onPick }: {
  offers: Coupon[]
  applied: string | null
  subtotal: number
  currency: string
  busy: boolean
  onPick(code: string): void
}) {
  const t = useT()
  const { format } = usePrice()
  return (
    <View className="coupon-picker" role="list" aria-label={t('coupons.pickerTitle')}>
      <Text className="coupon-terms__rule">{t('coupons.pickerTitle')}</Text>
      {pickerOrder(offers, subtotal).map((coupon) => {
        const fit = couponFit(coupon, subtotal)
        const inUse = applied?.toUpperCase() === coupon.code.toUpperCase()
        return (
          <View key={coupon.code} role="listitem" className={`coupon-card${fit.usable ? '' : ' coupon-card--unusable'}`} data-coupon={coupon.code}>
            <CouponTerms coupon={coupon} currency={currency} />
            <View className="coupon-card__side">
              {fit.usable ? (
                <Text className="coupon-card__note">{t('coupons.saves', { amount: format(couponSaving(coupon, subtotal), currency) })}</Text>
              ) : fit.reason === 'minimum' ? (
                <Text className="coupon-card__note">{t('coupons.missing', { amount: format(fit.missing, currency) })}</Text>
              ) : null}
              {inUse ? (
                <Text className="coupon-card__note">{t('coupons.inUse')}</Text>
              ) : (
                <Button
                  size="mini"
                  className={`coupon-card__use${busy || !fit.usable ? ' coupon-card__use--disabled' : ''}`}
                  disabled={busy || !fit.usable || undefined}
                  onClick={() => onPick(coupon.code)}
                >
                  {t('coupons.use')}
                </Button>
              )}
            </View>
          </View>
        )
      })}
    </View>
  )
}
