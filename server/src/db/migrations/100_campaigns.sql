-- Group-buy (fission) campaigns (services/campaigns.ts). A campaign sells campaign items (product + option pair at a
-- campaign price, with campaign stock and a per-shopper limit) between starts_at and ends_at; it succeeds when `target`
-- shoppers have paid, and fails when ends_at comes first (its paid orders are refunded). Campaign stock left is the
-- item's stock minus the quantities of the campaign's live orders (not cancelled, not refunded), counted with the
-- campaign row locked, so nothing has to be "given back" by hand.
CREATE SEQUENCE campaign_id_seq START 501;
CREATE TABLE campaigns (
  id int PRIMARY KEY DEFAULT nextval('campaign_id_seq'),
  name_en text NOT NULL,
  name_zh text NOT NULL,
  desc_en text NOT NULL DEFAULT '',
  desc_zh text NOT NULL DEFAULT '',
  cover text,
  target int NOT NULL CHECK (target >= 1),
  local_store_id text NOT NULL REFERENCES store_locations(id),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'SUCCEEDED', 'FAILED')),
  settled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
CREATE INDEX campaigns_due_idx ON campaigns (ends_at) WHERE status = 'OPEN';

CREATE SEQUENCE campaign_item_id_seq START 9001;
CREATE TABLE campaign_items (
  id int PRIMARY KEY DEFAULT nextval('campaign_item_id_seq'),
  campaign_id int NOT NULL REFERENCES campaigns(id),
  product_id int NOT NULL REFERENCES products(id),
  option_pair text NOT NULL DEFAULT '',
  campaign_price int NOT NULL CHECK (campaign_price >= 0),
  stock int NOT NULL CHECK (stock >= 0),
  per_shopper_limit int NOT NULL CHECK (per_shopper_limit >= 1),
  sort int NOT NULL DEFAULT 0,
  UNIQUE (campaign_id, product_id, option_pair)
);

-- One campaign cart per shopper per campaign, separate from the normal cart. inviter: the my_id of the shopper whose
-- share link brought this one (recorded on the order; it counts only once the order is paid).
CREATE TABLE campaign_carts (
  id serial PRIMARY KEY,
  campaign_id int NOT NULL REFERENCES campaigns(id),
  user_id int NOT NULL REFERENCES users(id),
  inviter text,
  reserved_order_id int REFERENCES orders(id),
  reserved_fingerprint text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (campaign_id, user_id)
);
CREATE TABLE campaign_cart_lines (
  cart_id int NOT NULL REFERENCES campaign_carts(id) ON DELETE CASCADE,
  item_id int NOT NULL REFERENCES campaign_items(id),
  quantity int NOT NULL CHECK (quantity > 0),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (cart_id, item_id)
);

CREATE TABLE campaign_orders (
  order_id int PRIMARY KEY REFERENCES orders(id),
  campaign_id int NOT NULL REFERENCES campaigns(id),
  inviter_user_id int REFERENCES users(id)
);
CREATE INDEX campaign_orders_campaign_idx ON campaign_orders (campaign_id);

-- One row per settled campaign: the primary key makes a second settlement impossible, whichever process tries.
CREATE TABLE campaign_settlements (
  campaign_id int PRIMARY KEY REFERENCES campaigns(id),
  outcome text NOT NULL CHECK (outcome IN ('SUCCEEDED', 'FAILED')),
  participants int NOT NULL,
  refunds int NOT NULL DEFAULT 0,
  settled_by text NOT NULL,
  settled_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
