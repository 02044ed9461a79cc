import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { Input } from '@/components/taro/FormComponents'
import type { CheckoutCart } from '@/api/checkout'
import type { Coupon } from '@/api/content'
import { CouponPicker } from '@/components/coupons/CouponPicker'
import type { CouponRefusal } from '@/domain/checkoutForm'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import type { Translate } from '@/i18n'
import { FieldMessage, Section } from './Choices'

function refusalText(t: Translate, refused: CouponRefusal): string {
  switch (refused.reason) {
    case 'unknown':
      return t('checkout.couponRefused.unknown')
    case 'expired':
      return t('checkout.couponRefused.expired')
    case 'firstOrder':
      return t('checkout.couponRefused.firstOrder')
    case 'signIn':
      return t('checkout.couponRefused.signIn')
    case 'minimum':
      return t('checkout.couponRefused.minimum', { amount: refused.amount })
    case 'onePerOrder':
      return t('checkout.couponRefused.onePerOrder', { code: refused.applied })
    default:
      return refused.message
  }
}

export function CouponSection({ code, applied, refused, busy, onCode, onApply, onRemove, offers, subtotal, currency, onPick }: {
  code: string
  applied: CheckoutCart['coupon']
  refused: CouponRefusal | null
  busy: boolean
  onCode(code: string): void
  onApply(): void
  onRemove(): void
  /** The shopper's coupons (null while they load or when they could not be read): the picker. */
  offers: Coupon[] | null
  subtotal: number
  currency: string
  onPick(code: string): void
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
      <FieldMessage text={refused ? refusalText(t, refused) : undefined} />
      {/* Under the field it was typed in, not below the whole list of coupons (issue 42 p-7). */}
      {applied ? (
        <View className="checkout__row">
          <Text className="checkout__note">{t('checkout.couponApplied', { code: applied.code, description: localized(applied.descriptionContent, applied.description ?? '') })}</Text>
          <Button size="mini" onClick={onRemove}>
            {t('checkout.removeCoupon')}
          </Button>
        </View>
      ) : null}
      {offers && offers.length > 0 ? (
        <CouponPicker offers={offers} applied={applied?.code ?? null} subtotal={subtotal} currency={currency} busy={busy} onPick={onPick} />
      ) : null}
    </Section>
  )
}
