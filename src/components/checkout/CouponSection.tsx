import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { Input } from '@/components/taro/FormComponents'
import type { CheckoutCart } from '@/api/checkout'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { Section } from './Choices'

export function CouponSection({ code, applied, busy, onCode, onApply, onRemove }: {
  code: string
  applied: CheckoutCart['coupon']
  busy: boolean
  onCode(code: string): void
  onApply(): void
  onRemove(): void
}) {
  const t = useT()
  const localized = useLocalized()
  return (
    <Section name="coupon" title={t('checkout.coupon')}>
      <View className="checkout__row">
        <Input
          className="checkout__input"
          name="couponCode"
          value={code}
          ariaLabel={t('checkout.coupon')}
          nativeProps={{ 'aria-label': t('checkout.coupon') }}
          onInput={(e) => onCode(e.detail.value)}
        />
        <Button size="mini" className="checkout__apply-coupon" disabled={busy || undefined} onClick={onApply}>
          {t('checkout.applyCoupon')}
        </Button>
      </View>
      {applied ? (
        <View className="checkout__row">
          <Text className="checkout__note">{t('checkout.couponApplied', { code: applied.code, description: localized(applied.descriptionContent, applied.description ?? '') })}</Text>
          <Button size="mini" onClick={onRemove}>
            {t('checkout.removeCoupon')}
          </Button>
        </View>
      ) : null}
    </Section>
  )
}
