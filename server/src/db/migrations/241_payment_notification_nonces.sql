-- Nonces of verified provider notifications (src/routes/notify.ts): a notification whose nonce was seen before is a
-- replay and is refused, on every instance sharing the database. Rows older than a day are deleted by the payment
-- sync worker (a notification is refused as stale after five minutes anyway).
CREATE TABLE payment_notification_nonces (
  provider text NOT NULL,
  nonce text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, nonce)
);
CREATE INDEX payment_notification_nonces_seen_idx ON payment_notification_nonces (seen_at);
