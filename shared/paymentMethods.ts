/**
 * Payment methods, not processors (issue 18): what the shopper knows — WeChat Pay, Alipay, UnionPay card, PayPal — and
 * their names. Which methods each provider channel carries is the channel's row (shared/hostedChannels.ts
 * CHANNEL_METHODS). The client's checkout (src/domain/paymentMethods.ts) offers methods by them; the server's payment
 * sandbox page (server/src/payments/sandboxPage.ts) names the method instead of the channel.
 */
import type { Language } from './i18n/define.ts'

export type PaymentMethod = 'WECHAT_PAY' | 'ALIPAY' | 'UNIONPAY' | 'PAYPAL'

/** The order methods are shown in. */
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['WECHAT_PAY', 'ALIPAY', 'UNIONPAY', 'PAYPAL']

/** Each method's name as shoppers know it. */
export const PAYMENT_METHOD_NAMES: Record<Language, Record<PaymentMethod, string>> = {
  en: { WECHAT_PAY: 'WeChat Pay', ALIPAY: 'Alipay', UNIONPAY: 'UnionPay card', PAYPAL: 'PayPal' },
  zh: { WECHAT_PAY: '微信支付', ALIPAY: '支付宝', UNIONPAY: '银联卡', PAYPAL: 'PayPal 贝宝' }
}
