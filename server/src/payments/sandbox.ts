/**
 * The payment sandbox: stands in for every real provider. Hosted payments go to the sandbox page
 * (GET /sandbox/pay/{id}) whose Pay / Fail / Abandon buttons play the provider's notification. The in-app sheets
 * (wx.requestPayment, WeixinJSBridge, my.tradePay) cannot run here, so for those the sandbox takes the sheet's
 * result as the provider's answer — the one place a real provider would query its API instead.
 */
import crypto from 'node:crypto';
import { PAYMENT_CHANNELS } from '../../../contract/constants.ts';
import type { PaymentAttempt, PaymentProvider, ProviderStatus } from './provider.ts';

export const SANDBOX_APP_ID = 'wxsandbox0000000';
export const SANDBOX_PAGE_PATH = '/api/istore/client/sandbox/pay';

const sign = (text: string) => crypto.createHmac('sha256', 'istore-sandbox').update(text).digest('hex').toUpperCase();

export interface SandboxOptions {
  /** The first N refund calls fail as a provider outage would (SANDBOX_REFUND_FAILURES), to see refunds retried. */
  refundFailures?: number;
}

export function sandboxProvider(options: SandboxOptions = {}): PaymentProvider {
  let failuresLeft = options.refundFailures ?? 0;
  // Refunds the sandbox accepted, by refund id: a repeated id is the same refund, as at a real provider.
  const refunded = new Map<string, number>();
  return {
    name: 'sandbox',
    channels: PAYMENT_CHANNELS,
    async startHosted(attempt, { origin }) {
      return { redirectUrl: `${origin}${SANDBOX_PAGE_PATH}/${attempt.id}` };
    },
    async startWeChatInApp(attempt, openId) {
      const prepayId = `sandbox_${attempt.id}`;
      const timeStamp = String(Math.floor(Date.now() / 1000));
      const nonceStr = crypto.randomBytes(8).toString('hex');
      const pkg = `prepay_id=${prepayId}`;
      return {
        prepayId,
        weChatPayInfo: {
          appId: SANDBOX_APP_ID,
          timeStamp,
          nonceStr,
          package: pkg,
          signType: 'RSA',
          paySign: sign(`${SANDBOX_APP_ID}\n${timeStamp}\n${nonceStr}\n${pkg}\n${openId}\n`),
        },
      };
    },
    async startAlipayTrade(attempt) {
      return { tradeNO: `SANDBOX${attempt.id}` };
    },
    async query(attempt: PaymentAttempt, clientReport): Promise<ProviderStatus> {
      // Hosted attempts are settled by the sandbox page's notification; in-app attempts by the sheet's result.
      return { outcome: clientReport ?? null, amount: attempt.amount, currency: attempt.currency };
    },
    // Nothing to close: the sandbox page still takes a void attempt's payment on purpose, which is how the tests play
    // money arriving for a voided order (settled NEEDS_REFUND, then refunded).
    async close() {},
    async refund(attempt, { refundId, amount }) {
      if (refunded.has(refundId)) return;
      if (failuresLeft > 0) {
        failuresLeft--;
        throw new Error(`sandbox: refund ${refundId} of attempt ${attempt.id} refused (simulated provider outage)`);
      }
      if (!Number.isInteger(amount) || amount <= 0 || amount > attempt.amount) throw new Error(`sandbox: cannot refund ${amount} of ${attempt.amount}`);
      refunded.set(refundId, amount);
    },
  };
}
