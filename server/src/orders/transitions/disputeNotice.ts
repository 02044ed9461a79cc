/** A dispute as the provider tells of it (payments/reversals.ts). */
export interface DisputeNotice {
  /** The provider's name (paypal), also the actor in order_events. */
  provider: string;
  disputeId: string;
  orderId: number;
  attemptId: string;
  /** The provider's status word (OPEN, WAITING_FOR_SELLER_RESPONSE, UNDER_REVIEW, RESOLVED, ...). */
  status: string;
  reason: string;
  amount: number | null;
  currency: string | null;
}

/** How a dispute ended: SELLER (the store keeps the money), BUYER (it goes back to the buyer), OTHER. */
export type DisputeOutcome = 'SELLER' | 'BUYER' | 'OTHER';
