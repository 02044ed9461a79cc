-- The page of the mini-program that WeChat's shipping and confirm-receipt messages open (set_msg_jump_path of the
-- order-shipping service, payments/wechatShipping.ts): set once per mini-program and kept, so a start or another
-- instance sends it again only when the store's configured path differs from the one WeChat was given.
CREATE TABLE wechat_msg_jump_paths (
  app_id text PRIMARY KEY,
  path text NOT NULL,
  set_at timestamptz NOT NULL DEFAULT now()
);
