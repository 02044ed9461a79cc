-- Virtual goods in WeChat's order-shipping service (payments/wechatShipping.ts, logistics_type 3): a store-credit
-- top-up paid in the mini-program is uploaded when it is credited (payments/deposits.ts); it is a deposit, not an
-- order, so its upload names no order. An order of memberships only is uploaded when it is settled.
ALTER TABLE wechat_shipping_uploads ALTER COLUMN order_id DROP NOT NULL;
