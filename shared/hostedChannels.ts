/**
 * The hosted (redirect) payment channels, one row each, read by both sides (issue 44 item 3): how the storefront asks
 * for the provider's page, where the provider sends the shopper back, how the confirmation page asks for the payment's
 * state, and which payment methods the channel carries (their names and marks: shared/paymentMethods.ts,
 * src/components/checkout/PaymentSection.tsx). The server registers the request and status-check routes from it
 * (server/src/routes/payments.ts) and builds each attempt's return address with it (server/src/payments/channels.ts);
 * the client sends its requests (src/api/payments.ts) and reads the return (src/domain/fromSource.ts,
 * src/domain/confirmationSource.ts) by it. A new hosted channel is its name in contract/constants.ts
 * (PAYMENT_CHANNELS, H5_PAYMENT_CHANNELS: the wire's enums), one row here (a compile error without it) and its
 * provider's code (server/src/payments/, ARCHITECTURE.md "How to add ... a payment provider").
 * Paths are under the API's /shoppingManagement4 (spec §7 "Provider payments").
 */
import type { H5PaymentChannel, PaymentChannel } from '../contract/constants.ts'
import type { PaymentMethod } from './paymentMethods.ts'

export interface HostedChannel {
  /** The provider, as its routes and summaries name it. */
  provider: string
  /**
   * How the storefront asks for the provider's page (the body or query carries { orderID, returnUrlInfo }). `route`:
   * the route pattern that serves it, when one route serves several channels (SnapPay's method is in the path).
   */
  request: { method: 'GET' | 'POST'; path: string; route?: string }
  /**
   * Where the provider returns the shopper: /confirmation?from_source=<source>X<orderID> (spec §2), or, `byPath`,
   * /confirmationa/<source>/<orderID>.
   */
  returnPage: { source: string; byPath?: true }
  /** The confirmation page's status check (POST { orderID }), answering the order's payment state. */
  statusCheck: string
  /** The payment methods it carries (a multi-method processor's own page lets the shopper pick among them). */
  methods: readonly PaymentMethod[]
}

/** The hosted channels, in contract/constants.ts H5_PAYMENT_CHANNELS' order. */
export const HOSTED_CHANNELS = {
  OTT: {
    provider: 'OTT', request: { method: 'POST', path: 'requestOTTH5Payment' },
    returnPage: { source: 'ott_h5' }, statusCheck: 'checkOttPaymentStatus', methods: ['WECHAT_PAY']
  },
  SNAPPAY_WECHATPAY: {
    provider: 'SnapPay', request: { method: 'GET', path: 'requestSnapPayPrePayment/h5pay/WECHATPAY', route: 'requestSnapPayPrePayment/:kind/:method' },
    returnPage: { source: 'snappay_h5' }, statusCheck: 'checkSnapPayPaymentStatus', methods: ['WECHAT_PAY']
  },
  SNAPPAY_ALIPAY: {
    provider: 'SnapPay', request: { method: 'GET', path: 'requestSnapPayPrePayment/webpay/ALIPAY', route: 'requestSnapPayPrePayment/:kind/:method' },
    returnPage: { source: 'snappay_h5' }, statusCheck: 'checkSnapPayPaymentStatus', methods: ['ALIPAY']
  },
  SNAPPAY_UNIONPAY: {
    provider: 'SnapPay', request: { method: 'GET', path: 'requestSnapPayPrePayment/webpay/UNIONPAY', route: 'requestSnapPayPrePayment/:kind/:method' },
    returnPage: { source: 'snappay_h5' }, statusCheck: 'checkSnapPayPaymentStatus', methods: ['UNIONPAY']
  },
  CITCON: {
    provider: 'CITCON', request: { method: 'POST', path: 'requestCitconH5Payment' },
    returnPage: { source: 'citcon_classic_h5' }, statusCheck: 'checkCitconPaymentStatus', methods: ['WECHAT_PAY', 'ALIPAY', 'UNIONPAY']
  },
  IOTPAY: {
    provider: 'IOTPay', request: { method: 'POST', path: 'requestIOTPayH5Payment' },
    returnPage: { source: 'iot_h5' }, statusCheck: 'checkIOTPayPaymentStatus', methods: ['WECHAT_PAY', 'ALIPAY']
  },
  OPAY: {
    provider: 'OPay', request: { method: 'POST', path: 'requestOPayH5Payment' },
    returnPage: { source: 'opay_h5' }, statusCheck: 'checkOPayPaymentStatus', methods: ['WECHAT_PAY', 'ALIPAY']
  },
  NATIVE_WECHAT_H5: {
    provider: 'WeChat Pay', request: { method: 'POST', path: 'requestNativePayH5Payment' },
    returnPage: { source: 'weixin_h5' }, statusCheck: 'checkNativePayPaymentStatus', methods: ['WECHAT_PAY']
  },
  ALIPAY_H5: {
    provider: 'Alipay', request: { method: 'POST', path: 'requestAlipayH5Payment' },
    returnPage: { source: 'alipay_h5', byPath: true }, statusCheck: 'checkAlipayPaymentStatus', methods: ['ALIPAY']
  },
  PAYPAL: {
    provider: 'PayPal', request: { method: 'GET', path: 'paymentoption/PayPal' },
    returnPage: { source: 'paypal_h5' }, statusCheck: 'checkPayPalPaymentStatus', methods: ['PAYPAL']
  }
} as const satisfies { [C in H5PaymentChannel]: HostedChannel }

type Rows = typeof HOSTED_CHANNELS
type Row = Rows[H5PaymentChannel]

/**
 * The in-app payments' return to the confirmation page: WeChat's browser (JSAPI) comes back with
 * from_source=weixin_js&status=ok&oid=<orderID> (spec §4) and is checked as WeChat Pay's H5 payment is.
 */
export const IN_APP_RETURN = { source: 'weixin_js', statusCheck: 'checkNativePayPaymentStatus' } as const

const entries = Object.entries(HOSTED_CHANNELS) as [H5PaymentChannel, HostedChannel][]

/** The methods each channel carries: the hosted ones' rows, and the in-app payments'. */
export const CHANNEL_METHODS: Record<PaymentChannel, readonly PaymentMethod[]> = {
  ...(Object.fromEntries(entries.map(([c, row]) => [c, row.methods])) as Record<H5PaymentChannel, readonly PaymentMethod[]>),
  NATIVE_WECHAT_JSAPI: ['WECHAT_PAY'],
  WECHAT_MINI_PROGRAM: ['WECHAT_PAY'],
  ALIPAY_MINI_PROGRAM: ['ALIPAY']
}

/** A confirmation page's from_source provider: the hosted returns by from_source, and WeChat's in-app return. */
export type FromSource = Extract<Row['returnPage'], { source: string; byPath?: undefined }>['source'] | typeof IN_APP_RETURN.source
/** A confirmation that checks its payment with the provider: by from_source, or by path (/confirmationa/alipay_h5/{id}). */
export type StatusCheckProvider = Row['returnPage']['source'] | typeof IN_APP_RETURN.source

const rows = entries.map(([, row]) => row)

/** Every from_source value a hosted or in-app payment returns with (each once). */
export const FROM_SOURCES = [
  ...new Set([...rows.filter((r) => !r.returnPage.byPath).map((r) => r.returnPage.source), IN_APP_RETURN.source])
] as FromSource[]

/** The status check of each confirmation provider. */
export const STATUS_CHECKS = Object.fromEntries([
  ...rows.map((r) => [r.returnPage.source, r.statusCheck]),
  [IN_APP_RETURN.source, IN_APP_RETURN.statusCheck]
]) as Record<StatusCheckProvider, string>

/** Where the provider sends the shopper back after paying for `orderID` on `channel` (a path of the storefront). */
export function returnPath(channel: H5PaymentChannel, orderID: string): string {
  const { source, byPath } = (HOSTED_CHANNELS[channel] as HostedChannel).returnPage
  return byPath ? `/confirmationa/${source}/${orderID}` : `/confirmation?from_source=${source}X${orderID}`
}

/** Whether /confirmationa/<type>/<orderID> is a hosted channel's return whose payment is checked (alipay_h5). */
export const returnsByPath = (type: string | undefined): type is StatusCheckProvider =>
  rows.some((r) => r.returnPage.byPath && r.returnPage.source === type)

export const isHostedChannel = (channel: string): channel is H5PaymentChannel => Object.prototype.hasOwnProperty.call(HOSTED_CHANNELS, channel)
