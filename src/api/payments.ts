/**
 * Provider payments (spec §7 "Provider payments"): one request and one status check per provider, and the order
 * status the confirmation pages read; each hosted channel's request and status check is its row of
 * shared/hostedChannels.ts. The mini-program sheets' calls are in ./miniProgramPayments.ts (they ship in
 * the mini-programs' main package, with the platform layer; these do not). Payload types: contract/payments.ts;
 * server side: server/src/routes/payments.ts.
 */
import type { HostedPayment, OrderStatus, PaymentPayload, WeChatPayment } from '@contract/payments'
import type { H5PaymentChannel } from '@contract/constants'
import { HOSTED_CHANNELS, STATUS_CHECKS, type HostedChannel, type StatusCheckProvider } from '@shared/hostedChannels'
import { http } from './http'
import { SM } from './miniProgramPayments'

export type { HostedPayment, OrderStatus, PaymentPayload, WeChatPayInfo, WeChatPayment } from '@contract/payments'


export const paymentsApi = {
  /** Starts a hosted payment: the answer is the provider page to send the browser to. */
  requestHosted(channel: H5PaymentChannel, orderID: string, returnUrlInfo: string): Promise<HostedPayment> {
    const { method, path } = (HOSTED_CHANNELS[channel] as HostedChannel).request
    return method === 'GET'
      ? http.get<HostedPayment>(`${SM}/${path}`, { orderID, returnUrlInfo })
      : http.post<HostedPayment>(`${SM}/${path}`, { orderID, returnUrlInfo })
  },
  /**
   * WeChat browser payment (provider WECHATPAY with the OAuth code): getBrandWCPayRequest's parameters, or the page of a
   * provider that answers one (IOTPay's payForSubmit).
   */
  requestNativeJsApi: (orderID: string, returnUrlInfo: string, wechatCode: string) =>
    http.post<WeChatPayment | HostedPayment>(`${SM}/requestNativePayH5Payment`, { orderID, returnUrlInfo }, { provider: 'WECHATPAY', wechatCode }),
  checkStatus: (provider: StatusCheckProvider, payload: PaymentPayload) => http.post<OrderStatus>(`${SM}/${STATUS_CHECKS[provider]}`, payload),
  /** The state of an order of this visitor (guest or signed in), for /confirmation/{id} without a provider. */
  orderStatus: (orderID: string) => http.get<OrderStatus>(`/common3/orderStatus/${encodeURIComponent(orderID)}`)
}
