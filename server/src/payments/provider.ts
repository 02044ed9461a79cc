/**
 * The payment provider interface. The routes (routes/payments.ts) and the attempts' state machine (payments/attempts.ts)
 * only talk to this; the sandbox (sandbox.ts) implements it for development and tests, and a real provider's
 * credentials (OTT, SnapPay, CITCON, IOTPay, OPay, WeChat Pay, Alipay, PayPal) plug in as another implementation.
 */

import type { PaymentChannel } from '../../../contract/constants.ts';
import type { WeChatPayInfo } from '../../../contract/payments.ts';

/** Provider routes of the spec's table, plus the two Alipay flows whose paths the spec does not show. */
export type { PaymentChannel, WeChatPayInfo };

/** Final state a provider reports for one payment attempt; null = not final yet. */
export type ProviderOutcome = 'PAID' | 'FAILED' | null

export interface PaymentAttempt {
  /** Our id of the attempt (random, unguessable: it is part of the hosted page's URL). */
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
}

export interface PaymentProvider {
  readonly name: string
  /** Hosted (redirect) payment: the URL the shopper's browser is sent to. */
  startHosted(attempt: PaymentAttempt, origin: string): Promise<{ redirectUrl: string }>
  /** WeChat JSAPI / mini-program payment: a prepay id and the signed parameters for the sheet. */
  startWeChatInApp(attempt: PaymentAttempt, openId: string): Promise<{ prepayId: string; weChatPayInfo: WeChatPayInfo }>
  /** Alipay mini-program payment: the trade number my.tradePay opens. */
  startAlipayTrade(attempt: PaymentAttempt): Promise<{ tradeNO: string }>
  /** Resolves a WeChat login/OAuth code to the shopper's open id. */
  openIdFromCode(code: string): Promise<string>
  /**
   * The attempt's state at the provider. `clientReport` is what the in-app sheet told the client
   * (wx.requestPayment / my.tradePay); a real provider queries its own API and never trusts it.
   */
  query(attempt: PaymentAttempt, clientReport?: 'PAID' | 'FAILED'): Promise<ProviderOutcome>
  /**
   * Returns `amount` minor units of a paid attempt to the payer. `refundId` is deterministic per refund: a provider
   * must treat a repeated id as the same refund (every real one takes an out-refund number for this). Resolves when
   * the provider accepted it; throws when it did not (the refund worker retries).
   */
  refund(attempt: PaymentAttempt, refund: { refundId: string; amount: number }): Promise<void>
}
