import { View, Text } from '@tarojs/components'
import { BusyButton } from '@/components/account/BusyButton'
import { Field } from '@/components/account/Field'
import { EmptyState } from '@/components/common/EmptyState'
import { useCoupons, useCouponLookup } from '@/hooks/useCoupons'
import { usePrice } from '@/hooks/usePrice'
import { useT } from '@/hooks/useT'
import { CouponTerms } from './CouponTerms'
import '../account/MyAccount.scss'
import './Coupons.scss'

/** My account's coupons: those the shopper may use (public and given to them), and looking a code up. */
export function MyCoupons() {
  const t = useT()
  const { base } = usePrice()
  const coupons = useCoupons()
  const lookup = useCouponLookup()
  const r = lookup.result
  return (
    <View className="my-account__section my-coupons">
      <Text className="my-account__heading">{t('coupons.title')}</Text>
      {coupons.error ? (
        <EmptyState tone="error" message={t('common.error', { message: coupons.error })} action={{ label: t('common.retry'), onClick: coupons.reload }} />
      ) : null}
      {coupons.data && coupons.data.length === 0 ? <Text className="my-account__empty">{t('coupons.none')}</Text> : null}
      {coupons.data?.map((coupon) => (
        <View key={coupon.code} className="coupon-card" data-coupon={coupon.code}>
          <CouponTerms coupon={coupon} currency={base} />
        </View>
      ))}
      {coupons.data && coupons.data.length > 0 ? <Text className="my-account__empty">{t('coupons.useAtCheckout')}</Text> : null}
      <View className="coupon-lookup">
        <Field name="lookupCoupon" label={t('coupons.lookup')} value={lookup.typed} onChange={lookup.type} maxlength={40} onSubmit={() => void lookup.check()} />
        <BusyButton size="mini" className="coupon-lookup__button" busy={r.state === 'busy'} onClick={() => void lookup.check()}>
          {t('coupons.lookupButton')}
        </BusyButton>
      </View>
      {r.state === 'found' ? (
        <View className="coupon-card" data-coupon={r.coupon.code} role="status">
          <CouponTerms coupon={r.coupon} currency={base} />
          {r.coupon.expired ? <Text className="coupon-card__note">{t('coupons.lookupExpired', { code: r.coupon.code })}</Text> : null}
        </View>
      ) : null}
      {r.state === 'unknown' ? (
        <Text className="coupon-lookup__answer" role="status">
          {t('coupons.lookupUnknown', { code: r.code })}
        </Text>
      ) : null}
      {r.state === 'failed' ? (
        <Text className="coupon-lookup__answer" role="alert">
          {t('common.error', { message: r.message })}
        </Text>
      ) : null}
    </View>
  )
}
