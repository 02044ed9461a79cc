-- Issue 41 item 4: order messages on the mini-program platforms (src/orders/platformMessages.ts). Queued by the order
-- lifecycle's subscriber in the event's transaction (an order moves whatever happens to its message), sent by a worker
-- (restart-safe: next_attempt_at is both the retry schedule and the lease, as for mail and refunds).
-- status: PENDING until sent; SENT; REFUSED when the shopper has not accepted (or has used up) the subscription
-- (WeChat errcode 43101); FAILED when the platform refused the message itself (a wrong template, openid, page or
-- field: 40003, 40037, 47003, 41030) or after the last retry.
CREATE TABLE platform_messages (
  id bigserial PRIMARY KEY,
  order_id int NOT NULL REFERENCES orders (id),
  platform text NOT NULL CHECK (platform IN ('wechat')),
  event text NOT NULL CHECK (event IN ('confirmed', 'readyForPickup', 'outForDelivery', 'refunded')),
  app_id text,
  touser text NOT NULL,
  template_id text NOT NULL,
  page text,
  data jsonb NOT NULL,
  lang text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'REFUSED', 'FAILED')),
  tries int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz
);
CREATE INDEX platform_messages_due_idx ON platform_messages (next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX platform_messages_order_idx ON platform_messages (order_id);
