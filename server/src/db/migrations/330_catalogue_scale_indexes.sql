-- Issue 26 item 4: the catalogue at 100,000 products and the order book at 1,000,000 orders, on PostgreSQL and PGlite.
--
-- Search matches a term anywhere in a product's English and Chinese names, brand, tags and category (LIKE '%term%'),
-- which no b-tree can serve. pg_trgm's trigram index cannot either for the terms Chinese shoppers type most: it takes
-- three characters to make a trigram, and 咖啡, 抹茶, 月饼 are two. So the index here is PostgreSQL's own GIN over an
-- array of the single characters and pairs of neighbouring characters of those fields (search_grams of search_doc, the
-- fields lower-cased in one stored column): a term's pairs (its one character when it has only one) must all be in a
-- product's array for the product to be read; one LIKE on search_doc and then the LIKE on each field decide, exactly as
-- before. For a term that most products hold, the planner walks the newest products instead and filters them by
-- search_doc, which is cheap because the column is stored. services/catalog.ts searchGrams() makes a term's pairs.
CREATE FUNCTION search_grams(doc text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(doc, i, n)), '{}') FROM generate_series(1, length(doc)) AS i, (VALUES (1), (2)) AS w(n)
  WHERE i + n - 1 <= length(doc)
$$;
ALTER TABLE products ADD COLUMN search_doc text NOT NULL
  GENERATED ALWAYS AS (lower(name_en || ' ' || name_zh || ' ' || brand || ' ' || tags::text || ' ' || category)) STORED;
CREATE INDEX products_search_grams_idx ON products USING gin (search_grams(search_doc));

-- A category's list in each of its orders (the list compares categories case-insensitively), the whole catalogue by
-- price and by name, and a product's related products (same category, newest first).
CREATE INDEX products_category_created_idx ON products (lower(category), created_at DESC, id DESC);
CREATE INDEX products_category_price_idx ON products (lower(category), price, id);
CREATE INDEX products_category_name_idx ON products (lower(category), lower(name_en), id);
CREATE INDEX products_price_idx ON products (price, id);
CREATE INDEX products_name_idx ON products (lower(name_en), id);
CREATE INDEX products_related_idx ON products (category, created_at DESC);

-- An order's comments (read with every order the shopper sees).
CREATE INDEX order_comments_order_idx ON order_comments (order_id);
