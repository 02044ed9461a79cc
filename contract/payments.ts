/**
 * Provider payments (spec §7 "Provider payments"): one request and one status check per provider, the mini-program
 * sheets' reports, the Alipay flows, and the sandbox provider's hosted page.
 */
import { Type, type Static } from '@sinclair/typebox'
import { StringEnum, TextBody } from './common.ts'
import { H5_PAYMENT_CHANNELS, STORE_CREDIT_DEPOSIT_MAX, STORE_CREDIT_DEPOSIT_MIN } from './constants.ts'
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
/** The in-page WeChat payment (spec: "uses provider name WECHATPAY and the code query value"): provider and WeChat's OAuth code. */
export const NativePayQuery = Type.Object({
  provider: Type.Optional(Type.Literal('WECHATPAY')),
  wechatCode: Type.Optional(Type.String({ maxLength: 512 }))
})
export type NativePayQuery = Static<typeof NativePayQuery>

export const HostedPayment = Type.Object({
  orderID: Type.String(),
  /** The provider's payment page. */
  redirectUrl: Type.String(),
  /** WeChat Pay Native (desktop browsers): the code_url to show as a QR code, scanned with WeChat; redirectUrl is then the return URL. */
  qrCode: Type.Optional(Type.String())
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
/** `authCode`: my.getAuthCode's silent (auth_base) code, whose Alipay user the trade is made for (a guest's too). */
export const AlipayOrderBody = Type.Object({ orderID: OrderID, authCode: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })) })
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
export const SandboxUnknownPage = TextBody('text/html', "The sandbox provider's page for a payment it does not know, in the shopper's language")
export const SandboxRedirect = Type.Object({ redirectUrl: Type.String() })
export type SandboxRedirect = Static<typeof SandboxRedirect>

/**
 * POST /shoppingManagement4/applyStoreCreditDeposit (signed in): top up store credit by paying `amount` minor units of
 * the store-credit currency. `channel` is how: a hosted H5 channel of paymentConfig (the answer's redirectUrl is its
 * page; the shopper comes back to returnUrlInfo's /user/list?deposit={depositID}), WECHAT_MINI_PROGRAM (with
 * wx.login's `wechatCode`; the answer carries wx.requestPayment's parameters) or ALIPAY_MINI_PROGRAM (my.tradePay's
 * tradeNO).
 */
export const DEPOSIT_CHANNELS = [...H5_PAYMENT_CHANNELS, 'WECHAT_MINI_PROGRAM', 'ALIPAY_MINI_PROGRAM'] as const
export type DepositChannel = (typeof DEPOSIT_CHANNELS)[number]
export const DepositBody = Type.Object({
  amount: Type.Integer({ minimum: STORE_CREDIT_DEPOSIT_MIN, maximum: STORE_CREDIT_DEPOSIT_MAX, description: 'minor units of the store-credit currency' }),
  channel: StringEnum(DEPOSIT_CHANNELS),
  returnUrlInfo: Type.Optional(ReturnUrlInfo),
  wechatCode: Type.Optional(Type.String({ maxLength: 512 }))
})
export type DepositBody = Static<typeof DepositBody>

/** PENDING until the provider's notification; PAID once the store credit grew by `amount`; FAILED (top up again). */
export const DEPOSIT_STATUSES = ['PENDING', 'PAID', 'FAILED'] as const
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number]

export const Deposit = Type.Object({
  depositID: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
  status: StringEnum(DEPOSIT_STATUSES),
  /** The shopper's store-credit balance now (minor units of `currency`). */
  balance: Type.Integer()
})
export type Deposit = Static<typeof Deposit>

export const DepositPayment = Type.Object({
  ...Deposit.properties,
  /** Hosted channels: the provider's page to send the browser to. */
  redirectUrl: Type.Optional(Type.String()),
  /** WECHAT_MINI_PROGRAM: wx.requestPayment's parameters. */
  weChatPayInfo: Type.Optional(WeChatPayInfo),
  /** ALIPAY_MINI_PROGRAM: the trade my.tradePay opens. */
  tradeNO: Type.Optional(Type.String())
})
export type DepositPayment = Static<typeof DepositPayment>

/**
 * POST /shoppingManagement4/storeCreditDepositStatus (signed in, the deposit's owner): the deposit's state, after the
 * provider was asked. `clientReport` is the mini-program sheet's result (wx.requestPayment / my.tradePay), which only
 * the in-app channels take and a real provider checks with its own API.
 */
export const DepositStatusBody = Type.Object({
  depositID: Type.String({ minLength: 1, maxLength: 100 }),
  clientReport: Type.Optional(StringEnum(['PAID', 'FAILED'] as const)),
  errorMessage: Type.Optional(Type.String({ maxLength: 1000 }))
})
export type DepositStatusBody = Static<typeof DepositStatusBody>
