-- A refund the provider accepted can still fail there: WeChat Pay's REFUND.ABNORMAL (the payer's bank card was closed
-- or frozen: the merchant must re-route it) or REFUND.CLOSED. The provider's final word after accepting, as its
-- notification says it (payments/wechatpay.ts): the refund row stays DONE (the store sent it; never sent twice) and
-- `npm run attention` lists it until a later word says SUCCESS.
ALTER TABLE refunds ADD COLUMN provider_outcome text;
ALTER TABLE refunds ADD COLUMN provider_outcome_at timestamptz;
