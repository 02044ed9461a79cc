-- Payment attempts (src/payments/attempts.ts), now a migration: services/orders.ts voids them whenever an order stops
-- waiting for payment, so the table must exist before any order code runs. Two states join (security probe finding 5):
-- VOID, an attempt whose order was settled, cancelled, expired or replaced (it can no longer pay the order), and
-- NEEDS_REFUND, money a provider reported for an attempt that could not pay its order (void, or order no longer
-- waiting, or amount/currency/store credit not matching): it is for the operator to refund, never a paid order.
CREATE TABLE IF NOT EXISTS payment_attempts (
  id text PRIMARY KEY,
  order_id int NOT NULL REFERENCES orders(id),
  channel text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING',
  amount int NOT NULL,
  currency text NOT NULL,
  return_url text NOT NULL,
  error_message text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX IF NOT EXISTS payment_attempts_order_idx ON payment_attempts (order_id, created_at DESC);
ALTER TABLE payment_attempts DROP CONSTRAINT IF EXISTS payment_attempts_status_check;
ALTER TABLE payment_attempts ADD CONSTRAINT payment_attempts_status_check
  CHECK (status IN ('PENDING', 'PAID', 'FAILED', 'VOID', 'NEEDS_REFUND'));
CREATE INDEX payment_attempts_refund_idx ON payment_attempts (status) WHERE status = 'NEEDS_REFUND';
