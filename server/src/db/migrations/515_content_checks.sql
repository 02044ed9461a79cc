-- Content checks (issue 41 item 2; server/src/services/contentCheck.ts): what a shopper writes or uploads for others
-- to see is checked before it is public. One row per checked item and checker: `item` is 'text:<sha256 of the text>'
-- or 'image:<upload id>' (uploads never change, so a picture is checked once); `checker` 'wechat' (msgSecCheck /
-- mediaCheckAsync) or 'local' (the operator's pluggable check). `verdict` is NULL while WeChat's asynchronous picture
-- check has not pushed its result, matched by `trace_id`.
CREATE TABLE content_checks (
  id bigserial PRIMARY KEY,
  item text NOT NULL,
  checker text NOT NULL CHECK (checker IN ('wechat', 'local')),
  verdict text CHECK (verdict IN ('pass', 'review', 'risky')),
  label text,
  trace_id text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  UNIQUE (item, checker)
);

-- An influencer version waits in CHECKING until every check has answered; REJECTED by the check says what it refused.
ALTER TABLE influencer_profiles DROP CONSTRAINT influencer_profiles_review_check;
ALTER TABLE influencer_profiles ADD CONSTRAINT influencer_profiles_review_check CHECK (review IN ('NONE', 'CHECKING', 'PENDING', 'REJECTED'));
ALTER TABLE influencer_profiles ADD COLUMN refused_by text CHECK (refused_by IN ('text', 'image'));
