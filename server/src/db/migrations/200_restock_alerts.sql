-- "E-mail me when it's back" (walkthrough 2.3, services/restock.ts). One waiting row per product, option pair ('' = any of
-- the product's) and e-mail; the restock worker marks a row notified in the transaction that queues its mail, so each
-- subscriber is written to exactly once per subscription. A notified row stays (a later sell-out may be subscribed anew).
CREATE TABLE restock_alerts (
  id serial PRIMARY KEY,
  product_id int NOT NULL REFERENCES products(id),
  option_pair text NOT NULL DEFAULT '',
  email text NOT NULL,
  locale text NOT NULL CHECK (locale IN ('en', 'zh')),
  user_id int REFERENCES users(id),
  shop_origin text NOT NULL,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  notified_at timestamptz,
  mail_id int
);
CREATE UNIQUE INDEX restock_alerts_waiting ON restock_alerts (product_id, option_pair, email) WHERE notified_at IS NULL;
