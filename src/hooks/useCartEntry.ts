/** The cart as a link with its count, where a page's own bar stands in for the tab bar (the product page, issue 42 n-16). */
import { CART_URL } from '@/domain/cartAction'
import { cartBadge } from '@/domain/footerTabs'
import { useT } from '@/hooks/useT'
import { useCart } from '@/stores/cart'

export function useCartEntry() {
  const t = useT()
  // The same count as the header's and the tab bar's: units, not lines.
  const badge = cartBadge(useCart((s) => s.cart?.itemCount ?? 0))
  return { href: CART_URL, badge, label: badge ? t('header.cartCount', { count: badge }) : t('header.cart') }
}
