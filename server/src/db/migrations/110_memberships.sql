-- Memberships (issue 13). A plan is a product of type MEMBERSHIP with a row here; paying for it adds dated rows to
-- `memberships` (one per unit bought), so history is kept and expiry needs no job.
ALTER TABLE products ADD COLUMN member_price int CHECK (member_price >= 0);

CREATE TABLE membership_plans (
  product_id int PRIMARY KEY REFERENCES products(id),
  duration text NOT NULL CHECK (duration IN ('MONTH', 'QUARTER', 'YEAR', 'LIFETIME')),
  level_en text NOT NULL,
  level_zh text NOT NULL,
  benefits jsonb NOT NULL DEFAULT '[]'
);

CREATE TABLE memberships (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id),
  product_id int NOT NULL REFERENCES products(id),
  order_id int NOT NULL REFERENCES orders(id),
  unit_no int NOT NULL,
  duration text NOT NULL,
  level_en text NOT NULL,
  level_zh text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- a repeated payment notification can never grant the same unit twice
  UNIQUE (order_id, product_id, unit_no)
);
CREATE INDEX memberships_user_idx ON memberships (user_id, starts_at);

-- What a line would have cost without the member price (NULL: no member price applied).
ALTER TABLE order_lines ADD COLUMN regular_unit_price int;
