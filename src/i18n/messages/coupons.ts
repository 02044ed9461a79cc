import { defineMessages } from '@shared/i18n/define'

export default defineMessages({
  en: {
    'coupons.title': 'My coupons',
    'coupons.none': 'No coupons for you right now.',
    'coupons.personal': 'Just for you',
    'coupons.minimum': 'On orders of {amount} or more',
    'coupons.noMinimum': 'On any order',
    'coupons.expires': 'Until {date}',
    'coupons.useAtCheckout': 'Pick it at checkout, or type its code there.',
    'coupons.lookup': 'Have a code?',
    'coupons.lookupButton': 'Check',
    'coupons.lookupUnknown': 'No coupon {code} for you.',
    'coupons.lookupExpired': 'Coupon {code} has expired.',
    'coupons.pickerTitle': 'Your coupons',
    'coupons.use': 'Use',
    'coupons.inUse': 'Applied',
    'coupons.saves': 'Saves {amount} on this order',
    'coupons.missing': 'Add {amount} more to use it'
  },
  zh: {
    'coupons.title': '我的优惠券',
    'coupons.none': '目前没有可用的优惠券。',
    'coupons.personal': '专属于您',
    'coupons.minimum': '订单满 {amount} 可用',
    'coupons.noMinimum': '任意订单可用',
    'coupons.expires': '有效期至 {date}',
    'coupons.useAtCheckout': '结账时选择，或在结账页输入优惠码。',
    'coupons.lookup': '有优惠码？',
    'coupons.lookupButton': '查询',
    'coupons.lookupUnknown': '没有适用于您的优惠码 {code}。',
    'coupons.lookupExpired': '优惠码 {code} 已过期。',
    'coupons.pickerTitle': '您的优惠券',
    'coupons.use': '使用',
    'coupons.inUse': '已使用',
    'coupons.saves': '本单可省 {amount}',
    'coupons.missing': '再买 {amount} 即可使用'
  }
})
