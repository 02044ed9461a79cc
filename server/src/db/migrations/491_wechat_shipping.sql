-- WeChat's order-shipping service of the mini-program platform (payments/wechatShipping.ts): a WeChat mini-program
-- payment's funds stay frozen until the merchant uploads its shipping information (upload_shipping_info). An upload is
-- queued in the transaction of the fulfilment move that hands the goods over (orders/subscribers.ts, event `moved`),
-- once per payment, and sent by a restart-safe worker (next_attempt_at is the retry schedule and the lease, as in
-- refunds); a try after an interrupted one asks WeChat first (get_order), so a payment is never uploaded twice.

-- The payer's openid of a WeChat in-app payment (WeChat's upload names the payer).
ALTER TABLE payment_attempts ADD COLUMN payer_openid text;

CREATE TABLE wechat_shipping_uploads (
  id bigserial PRIMARY KEY,
  attempt_id text NOT NULL UNIQUE REFERENCES payment_attempts(id),
  order_id int NOT NULL REFERENCES orders(id),
  -- WeChat's logistics_type: 2 same-city delivery, 4 self-pickup (pickup and eat-in).
  logistics_type int NOT NULL CHECK (logistics_type IN (1, 2, 3, 4)),
  -- PENDING until WeChat took it (DONE), or SKIPPED: the mini-program is not in WeChat's order-shipping service.
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DONE', 'SKIPPED')),
  tries int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  done_at timestamptz
);
CREATE INDEX wechat_shipping_uploads_due ON wechat_shipping_uploads (next_attempt_at) WHERE status = 'PENDING';

-- WeChat's answer to is_trade_managed, per mini-program: asked once (at the worker's start, or when unknown), kept.
CREATE TABLE wechat_trade_managed (
  app_id text PRIMARY KEY,
  managed boolean NOT NULL,
  asked_at timestamptz NOT NULL DEFAULT now()
);
