-- Issue 37 item 5: a price per variant. A variant (an option combination) with a price of its own sells at it, with its
-- own price struck through (list_price, NULL: none); a variant without one (price NULL) sells at its product's price
-- and list price, as every variant did before. The product's price stays what lists show and sort by.
ALTER TABLE variants ADD COLUMN price int CHECK (price >= 0);
ALTER TABLE variants ADD COLUMN list_price int CHECK (list_price IS NULL OR (price IS NOT NULL AND list_price > price));
