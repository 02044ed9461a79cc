/**
 * Payment methods, not processors (issue 18): what the shopper knows — WeChat Pay, Alipay, UnionPay card, PayPal — and
 * which methods each provider channel carries. The client's checkout (src/domain/paymentMethods.ts) offers methods by
 * it; the server's payment sandbox page (server/src/payments/sandboxPage.ts) names the method instead of the channel.
 */
import type { PaymentChannel } from '../contract/constants.ts'
import type { Language } from './i18n/define.ts'

export type PaymentMethod = 'WECHAT_PAY' | 'ALIPAY' | 'UNIONPAY' | 'PAYPAL'

/** The order methods are shown in. */
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['WECHAT_PAY', 'ALIPAY', 'UNIONPAY', 'PAYPAL']

/** The methods each channel carries (a multi-method processor's own page lets the shopper pick among them). */
export const CHANNEL_METHODS: Record<PaymentChannel, readonly PaymentMethod[]> = {
  OTT: ['WECHAT_PAY'],
  NATIVE_WECHAT_H5: ['WECHAT_PAY'],
  NATIVE_WECHAT_JSAPI: ['WECHAT_PAY'],
  WECHAT_MINI_PROGRAM: ['WECHAT_PAY'],
  SNAPPAY_WECHATPAY: ['WECHAT_PAY'],
  ALIPAY_H5: ['ALIPAY'],
  ALIPAY_MINI_PROGRAM: ['ALIPAY'],
  SNAPPAY_ALIPAY: ['ALIPAY'],
  SNAPPAY_UNIONPAY: ['UNIONPAY'],
  CITCON: ['WECHAT_PAY', 'ALIPAY', 'UNIONPAY'],
  IOTPAY: ['WECHAT_PAY', 'ALIPAY'],
  OPAY: ['WECHAT_PAY', 'ALIPAY'],
  PAYPAL: ['PAYPAL']
}

/** Each method's name as shoppers know it. */
export const PAYMENT_METHOD_NAMES: Record<Language, Record<PaymentMethod, string>> = {
  en: { WECHAT_PAY: 'WeChat Pay', ALIPAY: 'Alipay', UNIONPAY: 'UnionPay card', PAYPAL: 'PayPal' },
  zh: { WECHAT_PAY: '微信支付', ALIPAY: '支付宝', UNIONPAY: '银联卡', PAYPAL: 'PayPal 贝宝' }
}
