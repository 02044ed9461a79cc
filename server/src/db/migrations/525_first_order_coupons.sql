-- Issue 42 n-5: a coupon for a shopper's first order only (the demo's FIRST15): refused, and not listed, to an account
-- with an earlier paid or completed order; a guest signs in first.
ALTER TABLE coupons ADD COLUMN first_order_only boolean NOT NULL DEFAULT false;
