-- Access tokens the store holds at a provider (WeChat's for getliveinfo and other server calls): one per app, shared
-- by every server instance, refreshed by one of them under the row's lock (identity/accessToken.ts).
CREATE TABLE provider_access_tokens (
  name text PRIMARY KEY,
  token text NOT NULL DEFAULT '',
  expires_at timestamptz NOT NULL DEFAULT 'epoch',
  updated_at timestamptz NOT NULL DEFAULT now()
);
