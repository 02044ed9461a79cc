-- E-mail ownership (security probe finding 8). An account's e-mail counts as its owner's once a link mailed to it was
-- opened (email_verifications) or a password reset mailed to it was used; until then no WeChat/Alipay identity can be
-- joined to the account. Accounts from before this migration start unverified (the seed marks its demo account).
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
CREATE TABLE email_verifications (
  token_hash text PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_verifications_user_idx ON email_verifications (user_id);
