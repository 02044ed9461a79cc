-- Refunds of store-credit top-ups (services/refunds.ts requestDepositRefund, `npm run topups -- refund`): a refund
-- that names the top-up's payment attempt and no order. It takes the amount back out of the account's store credit
-- (one ledger row, reason DEPOSIT_REFUND, by its refund_id) in the recording transaction, and the refund worker
-- returns it through the provider like an order's online part.
ALTER TABLE refunds ALTER COLUMN order_id DROP NOT NULL;
ALTER TABLE refunds ADD CONSTRAINT refunds_subject_check CHECK (order_id IS NOT NULL OR (attempt_id IS NOT NULL AND credit = 0));
CREATE INDEX refunds_attempt_idx ON refunds (attempt_id) WHERE order_id IS NULL;
