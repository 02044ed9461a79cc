-- Issue 37: membership plans are in the shop file (npm run shop), keyed by their product's SKU. Plans made before (the
-- demo seed's, or by hand) had none: each gets MEMBERSHIP-<DURATION> when it is the only plan of its duration and no
-- product has that SKU, so an older demo store exports its plans and takes the demo shop file back unchanged. A plan left
-- without one (two of a duration) is named in the file once the operator gives it a SKU.
UPDATE products p SET sku = 'MEMBERSHIP-' || mp.duration
  FROM membership_plans mp
 WHERE mp.product_id = p.id AND p.sku IS NULL AND p.product_type = 'MEMBERSHIP'
   AND (SELECT count(*) FROM membership_plans x WHERE x.duration = mp.duration) = 1
   AND NOT EXISTS (SELECT 1 FROM products o WHERE o.sku = 'MEMBERSHIP-' || mp.duration);
