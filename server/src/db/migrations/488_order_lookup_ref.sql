-- Issue 38 item 2 (security probe 2026-12-01 N2): a guest's order is found again by a secret, non-sequential reference
-- carried by its receipt mail's link (`/orderlookup?order=…&ref=…`), or by the number with the checkout e-mail AND
-- phone. 32 hex digits of gen_random_uuid() (122 random bits) per order; existing orders get one each (a volatile
-- default is evaluated per row).
ALTER TABLE orders ADD COLUMN lookup_ref text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX orders_lookup_ref ON orders (lookup_ref);
