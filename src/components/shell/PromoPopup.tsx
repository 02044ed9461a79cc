import { Text, View } from '@tarojs/components'
import { usePromo } from '@/hooks/usePromo'
import { useT } from '@/hooks/useT'
import { RedPacketIcon } from './Icons'
import '@/i18n/promo'
import './PromoPopup.scss'

/** Spec §2 promo pop-up: red-pack button and the WeChat Pay offers bar. */
export function PromoPopup() {
  const t = useT()
  const promo = usePromo()
  if (!promo.visible) return null
  return (
    <View className="promo">
      {promo.barOpen && (
        <View
          className={`promo__bar${promo.canOpenPromotion ? ' promo__bar--link' : ''}`}
          aria-label={promo.canOpenPromotion ? t('promo.open') : undefined}
          onClick={promo.openPromotion}
        >
          <Text>{t('promo.message')}</Text>
        </View>
      )}
      <View className="promo__button" role="button" tabIndex={0} aria-label={t('promo.toggle')} aria-expanded={String(promo.barOpen)} onClick={promo.toggleBar}>
        <RedPacketIcon />
      </View>
    </View>
  )
}
