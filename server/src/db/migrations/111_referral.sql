-- The referral programme (issue 13): who introduced whom, affiliated groups, and the append-only commission ledger.
CREATE TABLE referral_groups (
  id serial PRIMARY KEY,
  name_en text NOT NULL,
  name_zh text NOT NULL,
  rules_en text NOT NULL DEFAULT '',
  rules_zh text NOT NULL DEFAULT '',
  commission_percent numeric(5, 2) NOT NULL CHECK (commission_percent >= 0 AND commission_percent <= 100),
  hold_days int NOT NULL DEFAULT 7 CHECK (hold_days >= 0),
  is_default boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  sort int NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX referral_groups_one_default ON referral_groups (is_default) WHERE is_default;

-- Set once, at registration, and never changed (services/referral.ts attributes with `WHERE referred_by IS NULL`).
ALTER TABLE users ADD COLUMN referred_by int REFERENCES users(id);
ALTER TABLE users ADD COLUMN referred_at timestamptz;
ALTER TABLE users ADD COLUMN referral_group_id int REFERENCES referral_groups(id);
CREATE INDEX users_referred_by_idx ON users (referred_by, referred_at);

-- ACCRUE (+, pending) when an introduced order is paid; CREDIT (+, moved to store credit) once it can no longer be
-- cancelled and its hold has passed; REVERSE (-) when it is cancelled or refunded. after_credit says whether a reversal
-- took back store credit already given (then the store-credit ledger has the matching negative row, even below zero).
CREATE TABLE referral_commissions (
  id serial PRIMARY KEY,
  referrer_id int NOT NULL REFERENCES users(id),
  order_id int NOT NULL REFERENCES orders(id),
  kind text NOT NULL CHECK (kind IN ('ACCRUE', 'CREDIT', 'REVERSE')),
  amount int NOT NULL,
  base int,
  percent numeric(5, 2),
  refunded int,
  after_credit boolean NOT NULL DEFAULT false,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX referral_commissions_one_accrual ON referral_commissions (order_id) WHERE kind = 'ACCRUE';
CREATE UNIQUE INDEX referral_commissions_one_credit ON referral_commissions (order_id) WHERE kind = 'CREDIT';
CREATE UNIQUE INDEX referral_commissions_one_cancel ON referral_commissions (order_id) WHERE reason = 'ORDER_CANCELLED';
CREATE INDEX referral_commissions_referrer_idx ON referral_commissions (referrer_id, created_at);
-- Append-only: changing or removing a row is an error (one line each: the migration runner splits at line-ending ;).
CREATE FUNCTION referral_commissions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'referral_commissions is append-only'; END $$;
CREATE TRIGGER referral_commissions_append_only BEFORE UPDATE OR DELETE ON referral_commissions FOR EACH ROW EXECUTE FUNCTION referral_commissions_append_only();
