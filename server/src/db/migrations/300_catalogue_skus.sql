-- Issue 26 item 2: the operator's own catalogue is imported by SKU (npm run catalog). A product's SKU and the SKU of each
-- option combination with its own stock name them in the operator's files; the ids URLs and orders use stay as they are.
-- Products and combinations that existed before get SKUs made from their ids (P1001, P1001-GRIND-WHOLE-BEAN), so an
-- export of an older store names everything and imports back onto the same rows. Products made outside the importer
-- (membership plans) have no SKU and are never touched by it.
ALTER TABLE products ADD COLUMN sku text UNIQUE;
ALTER TABLE variants ADD COLUMN sku text UNIQUE;
UPDATE products SET sku = 'P' || id WHERE product_type = 'PRODUCT';
UPDATE variants SET sku = 'P' || product_id || '-' || upper(trim(both '-' from regexp_replace(option_pair, '[^A-Za-z0-9]+', '-', 'g')))
  WHERE option_pair <> '' AND product_id IN (SELECT id FROM products WHERE product_type = 'PRODUCT');

-- Photos the importer resized: each source image once (named by a hash of its bytes, so a name never changes content and
-- is served with a year's cache lifetime), at the sizes the app shows: 800 px (product page) and 400 px (cards, add-ons).
CREATE TABLE catalog_images (
  name text PRIMARY KEY,
  mime text NOT NULL,
  width int NOT NULL,
  height int NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
