import { View, Text } from '@tarojs/components'
import { CartLine } from '@/components/cart/CartLine'
import { CartTotals } from '@/components/cart/CartTotals'
import { CartCheckoutBar } from '@/components/cart/CartCheckoutBar'
import { EmptyState } from '@/components/common/EmptyState'
import { UndoBar } from '@/components/common/UndoBar'
import { SkeletonLines } from '@/components/common/Skeleton'
import { AddOnList } from '@/components/product/AddOnList'
import { Shell } from '@/components/shell/Shell'
import { useAddOns } from '@/hooks/useAddOns'
import { useCartPage } from '@/hooks/useCartPage'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import '@/i18n/walkthrough'
import '@/components/common/PrimaryButton.scss'
import './index.scss'
import '@/i18n/browse'

/** /checkout/cart */
export default function CartPage() {
  const t = useT()
  const localized = useLocalized()
  const page = useCartPage()
  const { cart } = page
  // Beside the cart's goods (not the add-ons already in it, so adding one does not ask again); none asked before the cart is loaded.
  const addOns = useAddOns(page.loading ? null : page.lines.filter((line) => !line.addOn).map((line) => line.productId))

  let body
  // The add-ons sit above the summary: the page waits for them too, so they do not push the totals down as they come.
  if (page.loading || (!addOns.loaded && cart && !page.empty)) body = <SkeletonLines label={t('store.loading')} />
  else if (!cart || page.empty) {
    body = <EmptyState message={t('cart.empty')} action={{ label: t('cart.continueShopping'), onClick: page.continueShopping }} />
  } else {
    body = (
      <>
        <View className="cart-page__head">
          <Text className="cart-page__title">{t('cart.title')}</Text>
          <Text className="cart-page__count">{t('cart.itemCount', { count: cart.itemCount })}</Text>
        </View>
        {/* Desktop: the summary beside the lines (index.scss). */}
        <View className="cart-page__columns">
          <View className="cart-page__items">
            <View className="cart-page__lines">
              {page.lines.map((line) => (
                <CartLine
                  key={line.itemKey}
                  line={line}
                  currency={cart.currency}
                  busy={page.busyKey === line.itemKey}
                  rejectedAvailable={page.rejection?.itemKey === line.itemKey ? page.rejection.available : null}
                  onQuantity={page.setQuantity}
                  onRemove={page.remove}
                  onAskRemove={page.askRemove}
                />
              ))}
            </View>
            <AddOnList title={t('cart.addOns')} addOns={addOns.addOns} addingId={addOns.addingId} addedIds={addOns.addedIds} error={addOns.error} onAdd={addOns.add} />
          </View>
          <View className="cart-page__summary">
            <CartTotals cart={cart} />
            <CartCheckoutBar cart={cart} busy={page.pending} onCheckout={page.checkout} />
          </View>
        </View>
      </>
    )
  }

  return (
    <Shell title={t('cart.title')} bottomBar={cart && !page.empty && !page.loading ? 'onTabBar' : undefined}>
      <View className="cart-page">
        {page.error ? (
          <View className="cart-page__error" role="alert">
            <Text>{t('cart.updateFailed', { message: page.error })}</Text>
            <Text className="cart-page__dismiss" role="button" tabIndex={0} onClick={page.clearError}>
              {t('cart.dismiss')}
            </Text>
          </View>
        ) : null}
        {page.removed ? (
          <UndoBar className="cart-page__undo" message={t('walk.lineRemoved', { name: localized(page.removed.nameContent, page.removed.name) })} onUndo={page.undoRemove} />
        ) : null}
        {body}
      </View>
    </Shell>
  )
}
