-- WeChat / Alipay identities joined to accounts (server/src/identity). `subject` is the provider's stable user id
-- (WeChat unionid, Alipay user_id); `open_id` is the per-app id WeChat Pay needs.
CREATE TABLE identities (
  provider text NOT NULL CHECK (provider IN ('wechat', 'alipay')),
  subject text NOT NULL,
  user_id int NOT NULL REFERENCES users(id),
  open_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE UNIQUE INDEX identities_user_provider_idx ON identities (user_id, provider);

-- An identity seen by login that no account owns yet; register or link consumes it (same session only).
CREATE TABLE pending_identities (
  session_id int NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  provider text NOT NULL,
  subject text NOT NULL,
  open_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (session_id, provider)
);

-- Uploaded images (profile pictures), stored on disk under DATA_DIR/uploads; the row says who may read it.
CREATE TABLE uploads (
  id text PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id),
  kind text NOT NULL,
  mime text NOT NULL,
  bytes int NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_user_idx ON uploads (user_id);
