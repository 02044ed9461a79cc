-- Coupon usage limits (security probe finding 9): a coupon may be limited per shopper (max_uses_per_shopper, e.g. 1
-- for a first-order coupon; such a coupon needs a signed-in account) and overall (max_uses). NULL = unlimited.
-- A use is an order that carries the coupon and is not CANCELLED (a released or cancelled reservation gives it back);
-- reserve counts them with the coupon row locked, so concurrent orders cannot both take the last use.
ALTER TABLE coupons ADD COLUMN max_uses_per_shopper int CHECK (max_uses_per_shopper > 0);
ALTER TABLE coupons ADD COLUMN max_uses int CHECK (max_uses > 0);
CREATE INDEX orders_coupon_idx ON orders (coupon_code, user_id) WHERE coupon_code IS NOT NULL;
