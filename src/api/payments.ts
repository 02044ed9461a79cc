/**
 * Provider payments (spec §7 "Provider payments"): one request and one status check per provider, and the order
 * status the confirmation pages read. The mini-program sheets' calls are in ./miniProgramPayments.ts (they ship in
 * the mini-programs' main package, with the platform layer; these do not). Payload types: contract/payments.ts;
 * server side: server/src/routes/payments.ts.
 */
import type { HostedPayment, OrderStatus, PaymentPayload, WeChatPayment } from '@contract/payments'
import type { H5PaymentChannel } from '@contract/constants'
import type { StatusCheckProvider } from '@/domain/confirmationSource'
import { http } from './http'
import { SM } from './miniProgramPayments'

export type { HostedPayment, OrderStatus, PaymentPayload, WeChatPayInfo, WeChatPayment } from '@contract/payments'


const STATUS_CHECK: Record<StatusCheckProvider, string> = {
  ott_h5: 'checkOttPaymentStatus',
  snappay_h5: 'checkSnapPayPaymentStatus',
  citcon_classic_h5: 'checkCitconPaymentStatus',
  iot_h5: 'checkIOTPayPaymentStatus',
  opay_h5: 'checkOPayPaymentStatus',
  weixin_h5: 'checkNativePayPaymentStatus',
  weixin_js: 'checkNativePayPaymentStatus',
  alipay_h5: 'checkAlipayPaymentStatus',
  paypal_h5: 'checkPayPalPaymentStatus'
}

const SNAPPAY_PATH: Partial<Record<H5PaymentChannel, string>> = {
  SNAPPAY_WECHATPAY: 'h5pay/WECHATPAY',
  SNAPPAY_ALIPAY: 'webpay/ALIPAY',
  SNAPPAY_UNIONPAY: 'webpay/UNIONPAY'
}

const HOSTED_REQUEST: Partial<Record<H5PaymentChannel, string>> = {
  OTT: 'requestOTTH5Payment',
  CITCON: 'requestCitconH5Payment',
  IOTPAY: 'requestIOTPayH5Payment',
  OPAY: 'requestOPayH5Payment',
  NATIVE_WECHAT_H5: 'requestNativePayH5Payment',
  ALIPAY_H5: 'requestAlipayH5Payment'
}


export const paymentsApi = {
  /** Starts a hosted payment: the answer is the provider page to send the browser to. */
  requestHosted(channel: H5PaymentChannel, orderID: string, returnUrlInfo: string): Promise<HostedPayment> {
    const snapPay = SNAPPAY_PATH[channel]
    if (channel === 'PAYPAL') return http.get<HostedPayment>(`${SM}/paymentoption/PayPal`, { orderID, returnUrlInfo })
    if (snapPay) return http.get<HostedPayment>(`${SM}/requestSnapPayPrePayment/${snapPay}`, { orderID, returnUrlInfo })
    return http.post<HostedPayment>(`${SM}/${HOSTED_REQUEST[channel]}`, { orderID, returnUrlInfo })
  },
  /**
   * WeChat browser payment (provider WECHATPAY with the OAuth code): getBrandWCPayRequest's parameters, or the page of a
   * provider that answers one (IOTPay's payForSubmit).
   */
  requestNativeJsApi: (orderID: string, returnUrlInfo: string, wechatCode: string) =>
    http.post<WeChatPayment | HostedPayment>(`${SM}/requestNativePayH5Payment`, { orderID, returnUrlInfo }, { provider: 'WECHATPAY', wechatCode }),
  checkStatus: (provider: StatusCheckProvider, payload: PaymentPayload) => http.post<OrderStatus>(`${SM}/${STATUS_CHECK[provider]}`, payload),
  /** The state of an order of this visitor (guest or signed in), for /confirmation/{id} without a provider. */
  orderStatus: (orderID: string) => http.get<OrderStatus>(`/common3/orderStatus/${encodeURIComponent(orderID)}`)
}
