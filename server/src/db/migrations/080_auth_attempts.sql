-- Attempt counters of the sign-in, change-password and coupon-lookup limits (src/identity/rateLimit.ts). Kept in the
-- database so a burst of concurrent requests, or several server processes, count together: an attempt is counted by
-- one atomic upsert before the password is checked and given back when it succeeds. `known:` rows remember the
-- addresses an account signed in from (they are exempt from the account-wide limit).
CREATE TABLE auth_attempts (
  key text PRIMARY KEY,
  count int NOT NULL,
  window_start timestamptz NOT NULL,
  window_secs int NOT NULL
);
CREATE INDEX auth_attempts_window_idx ON auth_attempts (window_start);
