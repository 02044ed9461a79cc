/**
 * The payment provider interface. The routes (routes/payments.ts, routes/notify.ts), the refund worker and the payment
 * sync worker only talk to this, through the router (payments/index.ts), which is itself a PaymentProvider delegating
 * on the attempt's channel: each channel of the spec's table is served by exactly one provider (the sandbox, WeChat
 * Pay, Alipay, PayPal, ...).
 */

import type { PaymentChannel } from '../../../contract/constants.ts';
import type { WeChatPayInfo } from '../../../contract/payments.ts';
import type { Queryable } from '../db/index.ts';

/** Provider routes of the spec's table, plus the two Alipay flows whose paths the spec does not show. */
export type { PaymentChannel, WeChatPayInfo };

/** Final state a provider reports for one payment attempt; null = not final yet. */
export type ProviderOutcome = 'PAID' | 'FAILED' | null

/**
 * What the provider says about one attempt. `amount` (minor units) and `currency` are what the provider holds for a
 * PAID attempt: the store applies it only when they are the attempt's (payments/events.ts).
 */
export interface ProviderStatus {
  outcome: ProviderOutcome
  amount?: number
  currency?: string
}

export interface PaymentAttempt {
  /** Our id of the attempt (random, unguessable: it is part of the hosted page's URL; the out_trade_no at a provider). */
  id: string
  /** What the money is for: an order, or a store-credit top-up of a signed-in account (payments/deposits.ts). */
  purpose: 'ORDER' | 'DEPOSIT'
  /** The order paid; empty for a DEPOSIT (whose reference at the provider is the attempt id). */
  orderID: string
  channel: PaymentChannel
  /** Minor units of `currency`. */
  amount: number
  currency: string
  /** Where the shopper's browser goes after a hosted payment. */
  returnUrl: string
  /** The provider's own reference, stored after the start (payment_attempts.provider_ref): prepay id, trade no, order id. */
  providerRef?: string | null
  /**
   * Until when the store takes this payment (payment_attempts.pay_by): the end of the order's stock hold
   * (RESERVATION_TTL_MINUTES after it started), a top-up's as long from its start. Each provider is told its own
   * documented form of it (payments/deadlines.ts); null for an attempt stored before there was one.
   */
  payBy?: Date | null
}

/** The shopper's request that starts a hosted payment (a provider may pick its flow by device, and must name the payer's IP). */
export interface StartContext {
  /** This server's origin as the shopper reached it (the sandbox page lives here). */
  origin: string
  userAgent: string
  clientIp: string
}

/** One attempt's final word, carried by a verified notification. */
export interface NotificationEvent {
  attemptId: string
  outcome: 'PAID' | 'FAILED'
  /** Minor units, as the provider holds them. */
  amount: number
  currency: string
}

/**
 * A provider's word on money already taken for an attempt (payments/reversals.ts applies it through the order
 * lifecycle): a dispute opened, updated or resolved (`outcome` null while open), a reversal (a chargeback: the provider
 * took the money back), or a refund, which may be the store's own or one made in the provider's dashboard
 * (`totalRefunded`, what the provider has refunded on the payment so far, tells them apart).
 */
export type MoneyBackEvent =
  | { kind: 'DISPUTE'; attemptId: string; disputeId: string; status: string; reason: string; amount: number | null; currency: string | null;
      outcome: 'SELLER' | 'BUYER' | 'OTHER' | null; outcomeCode: string }
  | { kind: 'REVERSAL'; attemptId: string; id: string; amount: number; currency: string }
  | { kind: 'REFUND'; attemptId: string; id: string; amount: number; currency: string; totalRefunded: number | null }

export interface NotificationRequest {
  headers: Record<string, string | undefined>
  rawBody: string
  /** Records a notification's nonce (or id) in the database: false when it was seen before (a replay). */
  firstSeen(nonce: string): Promise<boolean>
}

/** The answer a provider's notification gets, in that provider's documented form. */
export interface NotificationReply {
  status: number
  contentType: string
  body: string
}

/**
 * A notification that must change nothing: bad signature, stale timestamp, replayed nonce, unreadable body. Carries the
 * answer the provider documents for a refused notification (it retries later, and a forged one goes nowhere).
 */
export class NotificationRefused extends Error {
  constructor(message: string, readonly reply: NotificationReply = {
    status: 400,
    contentType: 'application/json',
    body: JSON.stringify({ code: 'FAIL', message }),
  }) {
    super(message);
  }
}

/**
 * A provider's final word on a refund it had accepted (WeChat Pay REFUND.SUCCESS / ABNORMAL / CLOSED), by the store's
 * refund id (out_refund_no): recorded on the refund (services/refunds.ts recordRefundOutcome), listed by attention.
 */
export interface RefundOutcome {
  refundId: string;
  status: string;
}

/** What open() gets: the database and the server's log. */
export interface ProviderContext {
  db: Queryable
  log: { info(o: object, msg: string): void; warn(o: object, msg: string): void; error(o: object, msg: string): void }
}

export interface PaymentProvider {
  /** 'sandbox' | 'wechatpay' | 'alipay' | 'paypal' | ... (also the notification path /api/istore/notify/<name>). */
  readonly name: string
  /** The channels it serves (without CHANNEL_PROVIDERS: the ones it claims whenever its credentials are set). */
  readonly channels: readonly PaymentChannel[]
  /**
   * Every channel it can serve when CHANNEL_PROVIDERS gives it one (payments/index.ts); absent = `channels`. An
   * acquirer (IOTPay, SnapPay) serves the WeChat in-app channels only when the operator assigns them.
   */
  readonly canServe?: readonly PaymentChannel[]
  /** Why it cannot serve `channel` with the credentials it has (e.g. no mini-program app id), or null. */
  channelRefusal?(channel: PaymentChannel): string | null
  /**
   * True where it serves a WeChat in-app channel with its own page (IOTPay's payForSubmit in the WeChat browser):
   * the route starts it with startHosted and the shopper goes to the URL instead of getBrandWCPayRequest.
   */
  inAppByPage?(channel: PaymentChannel): boolean
  /**
   * Until when the provider itself takes a payment for an attempt started at `startedAt` (the deadline it was told,
   * or its documented default), so a voided attempt is queried until then (payments/sync.ts). Absent: no payment can
   * reach a voided attempt without the store (PayPal's capture is the store's own; the sandbox's page).
   */
  payableUntil?(attempt: PaymentAttempt, startedAt: Date): Date
  /**
   * Why it cannot take payments in the store currency, naming the setting to change, or null: the start stops with it
   * (e.g. WeChat Pay's and Alipay's domestic APIs take CNY only). Absent: it takes any currency the store sells in.
   */
  currencyRefusal?(storeCurrency: string): string | null
  /** Hosted (redirect) payment: the URL the shopper's browser is sent to, or a QR code to show (WeChat Native). */
  startHosted(attempt: PaymentAttempt, ctx: StartContext): Promise<{ redirectUrl: string; qrCode?: string; providerRef?: string }>
  /** WeChat JSAPI / mini-program payment: a prepay id and the signed parameters for the sheet. */
  startWeChatInApp(attempt: PaymentAttempt, openId: string): Promise<{ prepayId: string; weChatPayInfo: WeChatPayInfo }>
  /** Alipay mini-program payment: the trade number my.tradePay opens, for the buyer of my.getAuthCode. */
  startAlipayTrade(attempt: PaymentAttempt, buyer: { buyerId?: string; buyerOpenId?: string }): Promise<{ tradeNO: string }>
  /**
   * The attempt's state at the provider. `clientReport` is what the in-app sheet told the client
   * (wx.requestPayment / my.tradePay); a real provider queries its own API and never trusts it.
   */
  query(attempt: PaymentAttempt, clientReport?: 'PAID' | 'FAILED'): Promise<ProviderStatus>
  /**
   * Returns `amount` minor units of a paid attempt to the payer. `refundId` is deterministic per refund: a provider
   * must treat a repeated id as the same refund (out_refund_no / out_request_no / PayPal-Request-Id). Resolves when
   * the provider accepted it; throws when it did not (the refund worker retries).
   */
  refund(attempt: PaymentAttempt, refund: { refundId: string; amount: number }): Promise<void>
  /** The attempt was voided: the provider must no longer accept it. Throws when the provider did not confirm (retried). */
  close(attempt: PaymentAttempt): Promise<void>
  /**
   * Called once the database is open and migrated (app.ts): a provider that keeps state there (WeChat Pay's platform
   * certificates) loads it and starts its timers. Returns what stops them (at the server's close).
   */
  open?(ctx: ProviderContext): Promise<() => void>
  /**
   * POST /api/istore/notify/<name> (outside the XSRF check: the signature is the check): verifies and parses one
   * notification; throws NotificationRefused for a forged, stale, replayed or unreadable one.
   */
  notification?(req: NotificationRequest): Promise<{ events: NotificationEvent[]; moneyBack?: MoneyBackEvent[]; refundOutcomes?: RefundOutcome[]; reply: NotificationReply; warnings?: string[] }>
}

/**
 * The wx.requestPayment parameters an acquirer answered for the mini-program (IOTPay's payParams, SnapPay's
 * request_payment), already parsed: every field a non-empty string and the app the shop's own. Otherwise the problem,
 * for the provider's own error.
 */
export function miniProgramPayParams(p: unknown, appId: string | undefined): WeChatPayInfo | { problem: string } {
  const fields = ['appId', 'timeStamp', 'nonceStr', 'package', 'signType', 'paySign'] as const;
  const o = p && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : null;
  if (!o || fields.some((f) => typeof o[f] !== 'string' || !o[f])) return { problem: 'missing' };
  if (o.appId !== appId) return { problem: `for app ${String(o.appId)}, not this shop's` };
  return Object.fromEntries(fields.map((f) => [f, o[f]])) as unknown as WeChatPayInfo;
}
