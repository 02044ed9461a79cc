-- Coupon audience (security probe finding 9): a public coupon is for everyone; a non-public one (a staff voucher,
-- a one-customer apology) only for the signed-in accounts it was given to here. Grant with
--   INSERT INTO coupon_grants (code, user_id) VALUES ('STAFF50', <user id>);
CREATE TABLE coupon_grants (
  code text NOT NULL REFERENCES coupons(code),
  user_id int NOT NULL REFERENCES users(id),
  PRIMARY KEY (code, user_id)
);
