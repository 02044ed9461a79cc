import { Text, View } from '@tarojs/components'
import { Link } from '@/components/common/Link'
import { Img } from '@/components/taro/Img'
import { Icon } from '@/components/shell/Icons'
import { useCheckoutHeader } from '@/hooks/useCheckoutHeader'
import { useT } from '@/hooks/useT'
import './CheckoutHeader.scss'

/**
 * The slim header of the focused checkout (Shell's focusedHeader): logo, the step's name, back to the cart. A group
 * buy's cart (issue 42 n-13) names its own step and the way back to its campaign.
 */
export function CheckoutHeader({ title, back }: { title?: string; back?: { to: string; label: string } }) {
  const t = useT()
  const h = useCheckoutHeader()
  return (
    <View className="checkout-header" role="banner">
      <Link className="checkout-header__brand" to={h.homeUrl} label={t('header.home')}>
        {h.logoUrl ? <Img className="checkout-header__logo" src={h.logoUrl} mode="aspectFit" alt={h.storeName} /> : <Text className="checkout-header__store">{h.storeName}</Text>}
      </Link>
      <Text className="checkout-header__title">{title ?? t('checkout.title')}</Text>
      <Link className="checkout-header__cart" to={back?.to ?? h.cartUrl}>
        <Icon name="cart" />
        <Text>{back?.label ?? t('checkout.backToCart')}</Text>
      </Link>
    </View>
  )
}
