-- The blog (issue 15): categories and bilingual posts. Bodies are the operator's HTML as written; the server sanitises
-- them to a safe subset when answering (src/lib/richText.ts), so a post inserted by hand is as safe as a seeded one.
-- A post without published_at (or with one in the future) is a draft: never listed nor answered.
CREATE TABLE blog_categories (
  name text PRIMARY KEY CHECK (name ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name_en text NOT NULL,
  name_zh text NOT NULL,
  sort int NOT NULL DEFAULT 0
);

CREATE TABLE blog_posts (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 80),
  category text NOT NULL REFERENCES blog_categories (name),
  title_en text NOT NULL,
  title_zh text NOT NULL,
  summary_en text NOT NULL,
  summary_zh text NOT NULL,
  body_en text NOT NULL,
  body_zh text NOT NULL,
  cover text NOT NULL,
  product_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  published_at timestamptz
);

CREATE INDEX blog_posts_published ON blog_posts (published_at DESC, id DESC);
