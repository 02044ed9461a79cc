/**
 * Payment methods, not processors (issue 18): the shopper picks a method they know — WeChat Pay, Alipay, UnionPay
 * card, PayPal — and the store's configuration decides which processor carries it. The store's payment flags
 * (app info system.payment, which the footer's payment badges show too) say which methods it accepts; the server's
 * paymentConfig lists the hosted channels the operator enabled (PAYMENT_H5_CHANNELS), in order of preference, and
 * the first enabled channel that carries a method carries it.
 */
import type { PaymentSettings as PaymentConfig } from '@contract/appInfo'
import type { H5PaymentChannel } from '@contract/constants'

export type PaymentMethod = 'WECHAT_PAY' | 'ALIPAY' | 'UNIONPAY' | 'PAYPAL'

/** The order methods are shown in. */
const METHODS: readonly PaymentMethod[] = ['WECHAT_PAY', 'ALIPAY', 'UNIONPAY', 'PAYPAL']

/** The store accepts a method when its flag is on (the footer shows the same flags as badges). */
const FLAG: Record<PaymentMethod, keyof PaymentConfig> = {
  WECHAT_PAY: 'supportWeChatPay',
  ALIPAY: 'supportAliPay',
  UNIONPAY: 'supportUnionPay',
  PAYPAL: 'supportPayPal'
}

/** The methods each hosted channel carries (its processor's own page takes over from there). */
const CARRIES: Record<H5PaymentChannel, readonly PaymentMethod[]> = {
  OTT: ['WECHAT_PAY'],
  NATIVE_WECHAT_H5: ['WECHAT_PAY'],
  SNAPPAY_WECHATPAY: ['WECHAT_PAY'],
  ALIPAY_H5: ['ALIPAY'],
  SNAPPAY_ALIPAY: ['ALIPAY'],
  SNAPPAY_UNIONPAY: ['UNIONPAY'],
  CITCON: ['WECHAT_PAY', 'ALIPAY', 'UNIONPAY'],
  IOTPAY: ['WECHAT_PAY', 'ALIPAY'],
  OPAY: ['WECHAT_PAY', 'ALIPAY'],
  PAYPAL: ['PAYPAL']
}

/** WeChat's browser pays WeChat Pay in the page (OAuth, then its JS bridge); another method keeps its hosted page. */
export const paysInWeChatPage = (channel: H5PaymentChannel | undefined) => !channel || CARRIES[channel]?.includes('WECHAT_PAY') === true

/** The channel that carries `method`: the first of the enabled channels (in the operator's order) that can. */
export function carrierOf(method: PaymentMethod, channels: readonly H5PaymentChannel[]): H5PaymentChannel | null {
  return channels.find((channel) => CARRIES[channel]?.includes(method)) ?? null
}

/** The methods to offer: accepted by the store and carried by an enabled channel. */
export function offeredMethods(flags: PaymentConfig | undefined, channels: readonly H5PaymentChannel[]): PaymentMethod[] {
  return METHODS.filter((method) => flags?.[FLAG[method]] === true && carrierOf(method, channels) !== null)
}

/** The method the platform makes obvious: WeChat Pay in WeChat's browser, Alipay in Alipay's, the only one offered. */
export function preselectedMethod(offered: readonly PaymentMethod[], env: { weChatBrowser: boolean; alipayBrowser: boolean }): PaymentMethod | null {
  if (env.weChatBrowser && offered.includes('WECHAT_PAY')) return 'WECHAT_PAY'
  if (env.alipayBrowser && offered.includes('ALIPAY')) return 'ALIPAY'
  return offered.length === 1 ? offered[0] : null
}
