-- Real payment providers (src/payments/index.ts). An attempt keeps the provider's own reference (prepay id, trade
-- number, order id) once started. Two queues of the payment sync worker (src/payments/sync.ts), each with its retry
-- schedule doubling as a lease (claimed FOR UPDATE SKIP LOCKED, so two instances never take the same row):
--   check_* : a PENDING attempt still in flight after a few minutes is queried at its provider (a lost notification heals);
--   close_* : a voided attempt is closed at its provider (close_due_at set by services/orders.ts voidAttempts, cleared once closed).
ALTER TABLE payment_attempts ADD COLUMN provider_ref text;
ALTER TABLE payment_attempts ADD COLUMN check_due_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE payment_attempts ADD COLUMN check_tries int NOT NULL DEFAULT 0;
ALTER TABLE payment_attempts ADD COLUMN close_due_at timestamptz;
ALTER TABLE payment_attempts ADD COLUMN close_tries int NOT NULL DEFAULT 0;
CREATE INDEX payment_attempts_check_idx ON payment_attempts (check_due_at) WHERE status = 'PENDING';
CREATE INDEX payment_attempts_close_idx ON payment_attempts (close_due_at) WHERE close_due_at IS NOT NULL;
