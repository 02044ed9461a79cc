/**
 * The mini-program payment sheets' calls (spec §7): WeChat's requestPayment and Alipay's tradePay, each before and
 * after its sheet. Separate exports, so each mini-program's payment flow (src/payment/pay.weapp.ts,
 * pay.alipay.ts), which ships in the main package, carries only its own; the browser payments are in ./payments.ts.
 */
import type { AlipayTrade, OrderStatus, PaymentPayload, WeChatPayment } from '@contract/payments'
import { http } from './http'

export const SM = '/shoppingManagement4'

export const requestWeChatMiniProgramPayment = (orderID: string, wechatCode: string) =>
  http.post<WeChatPayment>(`${SM}/requestWeChatMiniProgramPayment`, { orderID, wechatCode })

export const reportWeChatMiniProgramSuccess = (payload: Required<Pick<PaymentPayload, 'orderID' | 'weChatOpenId' | 'returnUrlInfo'>>) =>
  http.post<OrderStatus>(`${SM}/processWeChatMiniProgramPayment/success`, payload)

export const reportWeChatMiniProgramError = (payload: Required<Pick<PaymentPayload, 'orderID' | 'errorMessage' | 'returnUrlInfo'>>) =>
  http.post<OrderStatus>(`${SM}/processWeChatMiniProgramPayment/error`, payload)

/** `authCode` (my.getAuthCode, auth_base) names the Alipay buyer the trade is for. */
export const requestAlipayMiniProgramPayment = (orderID: string, authCode?: string) =>
  http.post<AlipayTrade>(`${SM}/requestAlipayMiniProgramPayment`, { orderID, authCode })

/** my.tradePay's resultCode goes along so the server can confirm with Alipay. */
export const checkAlipayMiniProgramPayment = (orderID: string, resultCode?: string) =>
  http.post<OrderStatus>(`${SM}/checkAlipayPaymentStatus`, { orderID, returnUrlInfo: '', resultCode })
