-- The shopper's "confirm receipt" of a WeChat mini-program payment (issue 40; features/wechatReceipt/service.ts): what
-- WeChat's order-shipping service says of a payment the store uploaded as shipped. Written from two of WeChat's
-- answers, never from the mini-program's word alone: get_order (查询订单发货状态, order_state 3 确认收货 / 4 交易完成),
-- asked when the shopper comes back from WeChat's confirm-receipt component, and the message push
-- trade_manage_order_settlement (订单将要结算或已经结算: confirm_receive_time, settlement_time). One row per payment;
-- a repeated answer changes nothing it already holds.
CREATE TABLE wechat_receipts (
  attempt_id text PRIMARY KEY REFERENCES payment_attempts(id),
  order_id int REFERENCES orders(id),
  -- WeChat's order_state as last seen (1 待发货, 2 已发货, 3 确认收货, 4 交易完成, 5 已退款, 6 资金待结算).
  order_state int,
  confirmed_at timestamptz,
  -- How the receipt was confirmed: get_order (asked after the component), or the settlement push's confirm_receive_method.
  confirmed_by text CHECK (confirmed_by IN ('get_order', 'push_auto', 'push_manual')),
  estimated_settlement_at timestamptz,
  settled_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wechat_receipts_order ON wechat_receipts (order_id);
