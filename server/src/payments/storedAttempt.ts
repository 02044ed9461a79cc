/**
 * A payment attempt as it is stored (payment_attempts: one per try to pay an order, or one per store-credit top-up)
 * and as the provider interface sees it; the settling of attempts is in attempts.ts, of top-ups in deposits.ts.
 */
import crypto from 'node:crypto';
import type { PaymentAttempt } from './provider.ts';

export type AttemptStatus = 'PENDING' | 'PAID' | 'FAILED' | 'VOID' | 'NEEDS_REFUND';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Random and unguessable (it is part of the hosted page's URL): 24 letters and digits (142 bits), inside every
 * provider's order number rule (orderNumbers.ts; base64url's `-` is outside Alipay's).
 */
export const newAttemptId = () => Array.from({ length: 24 }, () => ALNUM[crypto.randomInt(ALNUM.length)]).join('');

export interface StoredAttempt extends PaymentAttempt {
  status: AttemptStatus;
  /** The account a DEPOSIT tops up. */
  userId: number | null;
}

/** A payment_attempts row (also as row_to_json) as the provider interface sees it. */
export function rowToAttempt(r: any): StoredAttempt {
  return {
    id: r.id,
    purpose: r.order_id == null ? 'DEPOSIT' : 'ORDER',
    orderID: r.order_id == null ? '' : String(r.order_id),
    userId: r.user_id ?? null,
    channel: r.channel,
    amount: r.amount,
    currency: r.currency,
    returnUrl: r.return_url,
    providerRef: r.provider_ref ?? null,
    payBy: r.pay_by ? new Date(r.pay_by) : null,
    status: r.status,
  };
}
