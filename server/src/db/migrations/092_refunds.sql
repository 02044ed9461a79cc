-- Refunds (src/services/refunds.ts). A refund is recorded once per idempotency key and returns money in two parts:
-- the store-credit part goes back to the ledger in the recording transaction; the online part is sent to the payment
-- provider by a restart-safe worker (PENDING until the provider accepts it; next_attempt_at is the retry schedule and
-- the lease, as in mail_queue), under the refund's own deterministic id so a retried call never pays twice.
ALTER TABLE orders ADD COLUMN refunded int NOT NULL DEFAULT 0 CHECK (refunded >= 0);

CREATE TABLE refunds (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  order_id int NOT NULL REFERENCES orders(id),
  attempt_id text REFERENCES payment_attempts(id),
  amount int NOT NULL CHECK (amount > 0),
  online int NOT NULL CHECK (online >= 0),
  credit int NOT NULL CHECK (credit >= 0),
  currency text NOT NULL,
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DONE')),
  attempts int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  done_at timestamptz
);
CREATE INDEX refunds_order_idx ON refunds (order_id);
CREATE INDEX refunds_due ON refunds (next_attempt_at) WHERE status = 'PENDING';

-- Money a provider reported for an attempt that could not pay its order (NEEDS_REFUND) is sent back by the same
-- worker, which then marks the attempt REFUNDED.
ALTER TABLE payment_attempts DROP CONSTRAINT IF EXISTS payment_attempts_status_check;
ALTER TABLE payment_attempts ADD CONSTRAINT payment_attempts_status_check
  CHECK (status IN ('PENDING', 'PAID', 'FAILED', 'VOID', 'NEEDS_REFUND', 'REFUNDED'));
ALTER TABLE payment_attempts ADD COLUMN refund_attempts int NOT NULL DEFAULT 0;
ALTER TABLE payment_attempts ADD COLUMN refund_next_at timestamptz NOT NULL DEFAULT now();

-- A store-credit refund is one ledger row per refund, whatever retries happen.
ALTER TABLE store_credit_ledger ADD COLUMN refund_id text UNIQUE;
