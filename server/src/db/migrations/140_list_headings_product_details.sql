-- Issue 15 item 5. The heading and banner of a category or tag product list (GET /productManagement2/category/{name},
-- /tag/{name}): an operator's title, short text and banner image; a category without a row is headed by its own name
-- and image, a tag by its name. And a product's rich detail (GET /productDetailManagement/productDetail/{id}): ordered
-- blocks of bilingual text and images as structured data — no HTML, so no markup ever reaches a shopper's screen.
CREATE TABLE list_headings (
  kind text NOT NULL CHECK (kind IN ('category', 'tag')),
  name text NOT NULL,
  title_en text NOT NULL,
  title_zh text NOT NULL,
  blurb_en text NOT NULL DEFAULT '',
  blurb_zh text NOT NULL DEFAULT '',
  banner text,
  PRIMARY KEY (kind, name)
);

-- blocks: [{ "kind": "heading" | "paragraph", "text": { "en", "zh" } } | { "kind": "image", "image": "<name>.svg", "caption": { "en", "zh" } }]
CREATE TABLE product_details (
  product_id int PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
  blocks jsonb NOT NULL DEFAULT '[]'
);
