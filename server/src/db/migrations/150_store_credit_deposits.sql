-- Store-credit top-ups (POST /shoppingManagement4/applyStoreCreditDeposit, payments/deposits.ts): a deposit is a
-- payment attempt of its own, with no order: it belongs to a signed-in account (user_id) and, once the provider's
-- notification says PAID, credits that account's store credit by its amount. The ledger row names the attempt
-- (deposit_attempt_id UNIQUE), so a repeated or late notification, a retry after a crash or two processes settling
-- at once credit it exactly once.
ALTER TABLE payment_attempts ALTER COLUMN order_id DROP NOT NULL;
ALTER TABLE payment_attempts ADD COLUMN user_id int REFERENCES users(id);
ALTER TABLE payment_attempts ADD CONSTRAINT payment_attempts_purpose_check
  CHECK ((order_id IS NOT NULL AND user_id IS NULL) OR (order_id IS NULL AND user_id IS NOT NULL));
CREATE INDEX payment_attempts_deposit_idx ON payment_attempts (user_id, created_at DESC) WHERE user_id IS NOT NULL;

ALTER TABLE store_credit_ledger ADD COLUMN deposit_attempt_id text UNIQUE REFERENCES payment_attempts(id);
