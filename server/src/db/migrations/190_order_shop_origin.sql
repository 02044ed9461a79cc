-- The shop's origin the order was placed on (https://shop.example), so the receipt mail can link to the order lookup
-- page (/orderlookup) even when it is sent from a payment processor's webhook. Null for orders placed before.
ALTER TABLE orders ADD COLUMN shop_origin text;
