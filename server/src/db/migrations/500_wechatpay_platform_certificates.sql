-- WeChat Pay's platform certificates (WECHATPAY_VERIFY=certificates or both; payments/wechatpayCertificates.ts): the
-- certificates downloaded from /v3/certificates or /v3/global/certificates, decrypted with the APIv3 key, kept here so
-- that every instance of the store verifies answers and notifications by their Wechatpay-Serial with the same set, and
-- an instance that starts while WeChat Pay cannot be reached still has them. One row per merchant number (the
-- Authorization's mchid: the service provider's in partner mode) and certificate serial; WeChat Pay lists a new
-- certificate 24 hours before it starts signing with it, and a retired one keeps its row until its expire_time.
CREATE TABLE wechatpay_platform_certificates (
  mch_id text NOT NULL,
  serial_no text NOT NULL,
  certificate_pem text NOT NULL,
  effective_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (mch_id, serial_no)
);
