-- Optional two-step sign-in for the back office's owner (issue 43; server/src/features/admin/totp.ts, lib/totp.ts):
-- an RFC 6238 authenticator secret, sealed at rest with the ID data's key (lib/idCrypto.ts sealText, 'idv1.<key id>.…',
-- re-sealed under the current key at the next sign-in after a rotation). totp_pending_enc holds a secret being enrolled
-- until a code from it is confirmed; totp_last_step is the time step of the last code accepted (RFC 6238 §5.2: a code
-- is good once, so a step at or before it is refused).
ALTER TABLE staff ADD COLUMN totp_secret_enc text;
ALTER TABLE staff ADD COLUMN totp_pending_enc text;
ALTER TABLE staff ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE staff ADD COLUMN totp_last_step bigint;

-- The one-time recovery codes given at enrolment (only their hashes), each good once.
CREATE TABLE staff_recovery_codes (
  staff_id int NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (staff_id, code_hash)
);

-- A sign-in whose password was right and whose second step is still to come (cookie istore_admin_2fa, path-scoped
-- like the session; the token stored hashed): 5 minutes and 5 codes, then the password again.
CREATE TABLE staff_signin_challenges (
  token_hash text PRIMARY KEY,
  staff_id int NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  tries int NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);
CREATE INDEX staff_signin_challenges_staff_idx ON staff_signin_challenges (staff_id);
