-- The back office (issue 43, server/src/features/admin/): the shop's staff, their sessions and what they did.
-- Passwords are hashed like shoppers' (lib/password.ts, scrypt with its parameters in the hash). Repeated wrong
-- passwords lock the account for a while (failed_count, locked_until); the owner's CLI unlocks it
-- (npm --prefix server run staff -- unlock EMAIL).
CREATE TABLE staff (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'staff')),
  name text NOT NULL DEFAULT '' CHECK (length(name) <= 100),
  failed_count int NOT NULL DEFAULT 0,
  locked_until timestamptz,
  disabled_at timestamptz,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- A signed-in staff member (cookie istore_admin_session, scoped to /api/istore/admin; the token is stored hashed).
-- Never the shopper's sessions table: a shopper's cookie grants nothing in the back office.
CREATE TABLE staff_sessions (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  staff_id int NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);

-- Every change made in the back office or by the staff CLI: who (staff_id; NULL for the operator's command line,
-- whose actor text says so), what and when. Rows are only ever added.
CREATE TABLE staff_activity (
  id bigserial PRIMARY KEY,
  staff_id int REFERENCES staff(id),
  actor text NOT NULL CHECK (length(actor) BETWEEN 1 AND 300),
  action text NOT NULL CHECK (length(action) BETWEEN 1 AND 60),
  subject text NOT NULL DEFAULT '' CHECK (length(subject) <= 100),
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX staff_activity_time_idx ON staff_activity (created_at DESC, id DESC);
CREATE INDEX staff_activity_subject_idx ON staff_activity (subject, id);

-- Who moved an order in the back office (order_events.actor keeps the name shown; this links the staff member).
ALTER TABLE order_events ADD COLUMN staff_id int REFERENCES staff(id);
