import { defineMessages } from '@shared/i18n/define'

/** The promo pop-up's texts (spec §2), registered by PromoPopup.tsx: Alipay has no pop-up (PromoPopup.alipay.tsx). */
export default defineMessages({
  en: {
    'promo.message': 'Online offers with WeChat Pay',
    'promo.toggle': 'Offers',
    'promo.open': 'Open the WeChat Pay offers'
  },
  zh: {
    'promo.message': '微信支付线上优惠',
    'promo.toggle': '优惠',
    'promo.open': '打开微信支付优惠'
  }
})
