import { Text, View } from '@tarojs/components'
import { Img } from '@/components/taro/Img'
import { Icon } from '@/components/shell/Icons'
import { useCheckoutHeader } from '@/hooks/useCheckoutHeader'
import { useT } from '@/hooks/useT'
import './CheckoutHeader.scss'

/** The slim header of the focused checkout (Shell's focusedHeader): logo, the step's name, back to the cart. */
export function CheckoutHeader() {
  const t = useT()
  const h = useCheckoutHeader()
  return (
    <View className="checkout-header" role="banner">
      <View className="checkout-header__brand" role="link" tabIndex={0} aria-label={t('header.home')} onClick={h.goHome}>
        {h.logoUrl ? <Img className="checkout-header__logo" src={h.logoUrl} mode="aspectFit" alt={h.storeName} /> : <Text className="checkout-header__store">{h.storeName}</Text>}
      </View>
      <Text className="checkout-header__title">{t('checkout.title')}</Text>
      <View className="checkout-header__cart" role="link" tabIndex={0} onClick={h.backToCart}>
        <Icon name="cart" />
        <Text>{t('checkout.backToCart')}</Text>
      </View>
    </View>
  )
}
