-- Disputes and reversals (orders/lifecycle.ts disputeOpened / disputeResolved / providerRefunded; payments/reversals.ts
-- applies what a provider's verified notification says, e.g. PayPal's CUSTOMER.DISPUTE.* and PAYMENT.CAPTURE.REVERSED).
--
-- An order under an open dispute is DISPUTED (no fulfilment move until it is resolved) and remembers the state it was
-- in (disputed_from), to which a resolution in the seller's favour returns it; money a provider took back is
-- CHARGED_BACK. The status column has no CHECK: the contract's ORDER_STATUSES is the list.
ALTER TABLE orders ADD COLUMN disputed_from text;

-- One row per dispute a provider opened on a payment, updated as the provider tells of it (never a second row).
CREATE TABLE payment_disputes (
  provider text NOT NULL,
  dispute_id text NOT NULL,
  order_id int NOT NULL REFERENCES orders(id),
  attempt_id text NOT NULL REFERENCES payment_attempts(id),
  -- The provider's words: its status (OPEN, WAITING_FOR_SELLER_RESPONSE, UNDER_REVIEW, RESOLVED, ...) and reason.
  status text NOT NULL,
  reason text NOT NULL DEFAULT '',
  amount int,
  currency text,
  -- SELLER (the store won, or the buyer withdrew), BUYER (the money goes back to the buyer), OTHER; null while open.
  outcome text CHECK (outcome IN ('SELLER', 'BUYER', 'OTHER')),
  outcome_code text,
  opened_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  resolved_at timestamptz,
  PRIMARY KEY (provider, dispute_id)
);
CREATE INDEX payment_disputes_order_idx ON payment_disputes (order_id);
CREATE INDEX payment_disputes_open_idx ON payment_disputes (opened_at) WHERE resolved_at IS NULL;

-- Where a refund came from: STORE (the store decided it: the lifecycle's requestRefund, a top-up's refund; sent by the
-- refund worker), PROVIDER (made in the provider's own dashboard, recorded from its notification: the money has
-- already left, nothing is sent) or CHARGEBACK (the provider took the money back: a reversal).
ALTER TABLE refunds ADD COLUMN source text NOT NULL DEFAULT 'STORE' CHECK (source IN ('STORE', 'PROVIDER', 'CHARGEBACK'));

-- The most a provider has reported refunded on an attempt's capture (PayPal's seller_payable_breakdown
-- .total_refunded_amount), in minor units: what it refunded beyond the store's own refunds was made in its dashboard.
ALTER TABLE payment_attempts ADD COLUMN provider_refunded int NOT NULL DEFAULT 0;
