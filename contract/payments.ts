/**
 * Provider payments (spec §7 "Provider payments"): one request and one status check per provider, the mini-program
 * sheets' reports, the Alipay flows, and the sandbox provider's hosted page.
 */
import { Type, type Static } from '@sinclair/typebox'
import { TextBody } from './common.ts'
export { OrderStatus } from './orders.ts'

const OrderID = Type.String({ minLength: 1, maxLength: 20 })
/**
 * The storefront's origin when it is not served by this server (H5 dev server), so the provider sends the shopper back
 * there; it must be this host or one of PAYMENT_RETURN_ORIGINS.
 */
const ReturnUrlInfo = Type.String({ maxLength: 2000 })

/** Spec §3 "Payment request payload"; status checks take the same body. */
export const PaymentPayload = Type.Object({
  orderID: OrderID,
  returnUrlInfo: Type.Optional(ReturnUrlInfo),
  status: Type.Optional(Type.String({ maxLength: 40 })),
  weChatOpenId: Type.Optional(Type.String({ maxLength: 200 })),
  errorMessage: Type.Optional(Type.String({ maxLength: 1000 }))
})
export type PaymentPayload = Static<typeof PaymentPayload>

export const HostedPaymentQuery = Type.Object({ orderID: OrderID, returnUrlInfo: Type.Optional(ReturnUrlInfo) })
export type HostedPaymentQuery = Static<typeof HostedPaymentQuery>
export const SnapPayParams = Type.Object({
  kind: Type.String({ maxLength: 20, description: 'h5pay or webpay' }),
  method: Type.String({ maxLength: 20, description: 'WECHATPAY (h5pay), ALIPAY or UNIONPAY (webpay)' })
})
export type SnapPayParams = Static<typeof SnapPayParams>
/** Native WeChat: with a wechatCode (WeChat browser) the JSAPI parameters, otherwise a hosted H5 payment. */
export const NativePayQuery = Type.Object({ wechatCode: Type.Optional(Type.String({ maxLength: 512 })) })
export type NativePayQuery = Static<typeof NativePayQuery>

export const HostedPayment = Type.Object({
  orderID: Type.String(),
  /** The provider's payment page. */
  redirectUrl: Type.String()
})
export type HostedPayment = Static<typeof HostedPayment>

/** Spec §3 "WeChat pay response": the parameters of wx.requestPayment / WeixinJSBridge getBrandWCPayRequest. */
export const WeChatPayInfo = Type.Object({
  appId: Type.String(),
  timeStamp: Type.String(),
  nonceStr: Type.String(),
  package: Type.String(),
  signType: Type.String(),
  paySign: Type.String()
})
export type WeChatPayInfo = Static<typeof WeChatPayInfo>

export const WeChatPayment = Type.Object({
  orderID: Type.String(),
  prepay_id: Type.String(),
  weChatPayInfo: WeChatPayInfo,
  /** The open id the server paid for (mini-program only; returned to the confirmation page as wmpoid). */
  weChatOpenId: Type.Optional(Type.String())
})
export type WeChatPayment = Static<typeof WeChatPayment>
/** Either the JSAPI parameters (with wechatCode) or a hosted payment. */
export const NativePayment = Type.Union([WeChatPayment, HostedPayment])
export type NativePayment = Static<typeof NativePayment>

/** The open id, or a wx.login code the server resolves to it. */
export const WeChatMiniProgramPaymentBody = Type.Object({
  orderID: OrderID,
  weChatOpenId: Type.Optional(Type.String({ maxLength: 200 })),
  wechatCode: Type.Optional(Type.String({ maxLength: 512 }))
})
export type WeChatMiniProgramPaymentBody = Static<typeof WeChatMiniProgramPaymentBody>

export const AlipayTrade = Type.Object({ orderID: Type.String(), tradeNO: Type.String() })
export type AlipayTrade = Static<typeof AlipayTrade>
export const AlipayOrderBody = Type.Object({ orderID: OrderID })
export type AlipayOrderBody = Static<typeof AlipayOrderBody>
/** After my.tradePay: its resultCode (9000 paid; 8000/6004 processing; else failed). Without it, a plain status check. */
export const AlipayStatusBody = Type.Object({ ...PaymentPayload.properties, resultCode: Type.Optional(Type.String({ maxLength: 10 })) })
export type AlipayStatusBody = Static<typeof AlipayStatusBody>

export const SandboxPageParams = Type.Object({ attemptId: Type.String({ maxLength: 100 }) })
export type SandboxPageParams = Static<typeof SandboxPageParams>
export const SandboxActionParams = Type.Object({
  attemptId: Type.String({ maxLength: 100 }),
  action: Type.String({ maxLength: 20, description: 'pay, fail or abandon' })
})
export type SandboxActionParams = Static<typeof SandboxActionParams>
export const SandboxPage = TextBody('text/html', "The sandbox provider's payment page")
export const SandboxRedirect = Type.Object({ redirectUrl: Type.String() })
export type SandboxRedirect = Static<typeof SandboxRedirect>
