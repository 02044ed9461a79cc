-- A waiting back-in-stock subscription can be cancelled by whoever holds its cancel token (services/restock.ts
-- cancelRestock): the subscribe answer carries it, so the product page can offer "Don't e-mail me" (a mistyped address,
-- a change of mind) without an account. A repeat subscription answers the same row, and so the same token.
ALTER TABLE restock_alerts ADD COLUMN cancel_token text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX restock_alerts_cancel_token ON restock_alerts (cancel_token);
