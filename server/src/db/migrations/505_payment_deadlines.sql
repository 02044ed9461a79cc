-- Payment deadlines (issue 39 item 5).
--   pay_by         : until when the store takes the attempt's payment (the end of the order's stock hold); each
--                    provider is told it in its own form (payments/deadlines.ts).
--   payable_until  : until when the provider itself takes a payment for it (the deadline it was told, or its
--                    documented default): a voided attempt is queried until then, and money arriving for it is
--                    refunded (payments/sync.ts). NULL: nothing reaches a voided attempt without the store (PayPal).
ALTER TABLE payment_attempts ADD COLUMN pay_by timestamptz;
ALTER TABLE payment_attempts ADD COLUMN payable_until timestamptz;
CREATE INDEX payment_attempts_void_watch_idx ON payment_attempts (check_due_at) WHERE status = 'VOID' AND payable_until IS NOT NULL;
