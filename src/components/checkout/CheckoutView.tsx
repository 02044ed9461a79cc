import { View, Text } from '@tarojs/components'
import { EmptyState } from '@/components/common/EmptyState'
import { SkeletonSections } from '@/components/common/Skeleton'
import { appliedStoreCredit } from '@/domain/storeCredit'
import type { CheckoutState } from '@/hooks/useCheckout'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import { useCurrency } from '@/stores/currency'
import { useErrorText } from './Choices'
import { CommentSection } from './CommentSection'
import { ContactSection } from './ContactSection'
import { CouponSection } from './CouponSection'
import { DeliverySection } from './DeliverySection'
import { EatInSection } from './EatInSection'
import { MethodSection } from './MethodSection'
import { PaymentSection } from './PaymentSection'
import { PickupSection } from './PickupSection'
import { PlaceOrderBar } from './PlaceOrderBar'
import { StoreCreditSection } from './StoreCreditSection'
import { SummarySection } from './SummarySection'
import { TipSection } from './TipSection'
import './Checkout.scss'

/** /checkout: the whole form, the server's totals and the place-order button. */
export function CheckoutView({ c }: { c: CheckoutState }) {
  const t = useT()
  const error = useErrorText(c.errors)
  // Until the checkout's rules arrive, the store currency app info gave (the currency store's base), else the cart's:
  // never a fixed one.
  const baseCurrency = useCurrency((st) => st.base)
  if (c.loading) return <SkeletonSections label={t('checkout.loading')} />
  if (c.loadError) return <EmptyState tone="error" message={c.loadError} action={{ label: t('checkout.retry'), onClick: () => void c.reload() }} />
  if (!c.cart || c.cart.itemCount === 0) {
    return <EmptyState message={t('checkout.empty')} action={{ label: t('checkout.goShopping'), onClick: () => platform.navigate('/store') }} />
  }
  const { form, config, update } = c
  const currency = config?.currency ?? (baseCurrency || c.cart.currency)
  const chooseStore = (id: string) => update('storeId', id, ['storeId'])
  // A new date asks for a time again.
  const chooseDate = (dateKey: 'pickupDate' | 'deliveryDate', timeKey: 'pickupTime' | 'deliveryTime') => (date: string) => {
    update(dateKey, date)
    update(timeKey, '')
  }
  const hasFieldErrors = Object.values(c.errors).some(Boolean)
  return (
    <View className="checkout">
      <View className="checkout__form">
        <MethodSection methods={config?.orderMethods ?? []} selected={form.method} error={error('method')} onChoose={(m) => void c.chooseMethod(m)} />
        {form.method === 'PICKUP' ? (
          <PickupSection
            stores={c.stores ?? []}
            storeId={form.storeId}
            slots={config?.pickup.slots ?? []}
            date={form.pickupDate}
            time={form.pickupTime}
            timeZone={config?.timeZone}
            clock={c.storeClock}
            storeError={error('storeId')}
            slotError={error('pickupSlot')}
            onStore={chooseStore}
            onDate={(date) => void c.choosePickupDate(date)}
            onTime={(time) => update('pickupTime', time, ['pickupSlot'])}
          />
        ) : null}
        {form.method === 'EAT_IN' ? (
          <EatInSection
            stores={c.stores ?? []}
            storeId={form.storeId}
            tableNumber={form.tableNumber}
            storeError={error('storeId')}
            tableError={error('tableNumber')}
            onStore={chooseStore}
            onTable={(table) => update('tableNumber', table, ['tableNumber'])}
            onLeaveTable={() => c.leaveField('tableNumber')}
          />
        ) : null}
        {form.method === 'DELIVERY' ? (
          <DeliverySection
            rules={c.deliveryRules}
            currency={currency}
            locations={c.deliveryLocations}
            savedAddresses={c.savedAddressChoices}
            selectedSavedAddress={c.selectedSavedAddress}
            onSavedAddress={c.chooseSavedAddress}
            address={form.address}
            onAddress={c.setAddress}
            offerSave={c.loggedIn && !c.selectedSavedAddress}
            saveToProfile={form.saveToProfile}
            onSaveToProfile={(save) => update('saveToProfile', save)}
            slots={c.deliveryRules?.slots ?? []}
            date={form.deliveryDate}
            time={form.deliveryTime}
            timeZone={config?.timeZone}
            clock={c.storeClock}
            onDate={chooseDate('deliveryDate', 'deliveryTime')}
            onTime={(time) => update('deliveryTime', time, ['deliverySlot'])}
            error={error}
            onLeave={c.leaveField}
          />
        ) : null}
        <ContactSection contact={form.contact} askNameAndPhone={form.method !== 'DELIVERY'} errors={{ firstName: error('firstName'), email: error('email'), phone: error('phone') }} onChange={c.setContact} onLeave={c.leaveField} />
        <CouponSection
          code={form.couponCode}
          applied={c.cart.coupon}
          refused={c.couponRefused}
          busy={c.busy === 'coupon'}
          onCode={c.setCouponCode}
          onApply={() => void c.applyCoupon()}
          onRemove={() => void c.removeCoupon()}
          offers={c.coupons}
          subtotal={c.cart.subtotal}
          currency={c.cart.currency}
          onPick={(code) => void c.applyCoupon(code)}
        />
        <TipSection percents={config?.tipPercents ?? []} selected={c.cart.checkout?.tipPercent ?? null} busy={c.busy === 'tip'} onChoose={(p) => void c.chooseTip(p)} />
        {c.loggedIn && c.storeCreditBalance !== null ? (
          <StoreCreditSection
            balance={c.storeCreditBalance}
            currency={c.cart.currency}
            amount={form.storeCredit}
            applied={appliedStoreCredit(c.cart)}
            problem={c.storeCreditRefused}
            busy={c.busy === 'storeCredit'}
            onAmount={c.setStoreCreditAmount}
            onApply={() => void c.applyStoreCredit()}
            onRemove={() => void c.removeStoreCredit()}
          />
        ) : null}
        <CommentSection comment={form.comment} onChange={(comment) => update('comment', comment)} />
        <PaymentSection
          payAtStoreAvailable={c.payAtStoreAvailable}
          payment={form.payment}
          onPayment={(p) => update('payment', p)}
          choosesMethod={c.choosesPaymentMethod}
          methods={c.paymentMethods}
          method={form.paymentMethod}
          onMethod={(m) => update('paymentMethod', m, ['paymentMethod'])}
          error={error('paymentMethod')}
        />
      </View>
      {/* Beside the form on a wide screen (sticky), after it on a phone. The messages come after Place order: one
          appearing as a field loses focus to that tap must not move the button from under the pointer (on a wide
          screen the tap was lost so). */}
      <View className="checkout__aside">
        <SummarySection cart={c.cart} />
        <PlaceOrderBar cart={c.cart} busy={c.busy !== null} onPlace={() => void c.placeOrder()} />
        {c.serverError ? (
          <View className="checkout__server-error" role="alert">
            {c.serverError}
          </View>
        ) : null}
        {hasFieldErrors ? (
          <View className="checkout__server-error" role="alert">
            {t('checkout.fixErrors')}
          </View>
        ) : null}
        {c.busy === 'placing' ? <Text className="checkout__note">{t('checkout.placing')}</Text> : null}
      </View>
    </View>
  )
}
