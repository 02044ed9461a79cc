/**
 * Each provider's order number (the attempt id, sent as out_trade_no / mchOrderNo / out_order_no / custom_id) follows
 * that provider's documented character set and length. The attempt id (storedAttempt.ts newAttemptId) is 24 letters
 * and digits, inside every rule below; a provider checks its rule before it sends the number, so an id outside it is
 * refused here, with the rule named, rather than by the provider (or, worse, accepted by one and refused by the next).
 */

export interface OrderNumberRule {
  pattern: RegExp;
  /** The rule in words, as the provider's page gives it, and where. */
  source: string;
}

export const ORDER_NUMBER_RULES: Record<string, OrderNumberRule> = {
  // opendocs.alipay.com alipay.trade.create / page.pay / wap.pay, out_trade_no: "64个字符以内，仅支持字母、数字、下划线".
  alipay: { pattern: /^[A-Za-z0-9_]{1,64}$/, source: 'Alipay out_trade_no: letters, digits and underscore, 64 at most (alipay.trade.create)' },
  // pay.weixin.qq.com JSAPI/小程序下单 (/v3/pay/transactions/jsapi) out_trade_no: "6-32个字符内，只能是数字、大小写字母_-|*".
  wechatpay: { pattern: /^[A-Za-z0-9_\-|*]{6,32}$/, source: 'WeChat Pay out_trade_no: 6 to 32 digits, letters, _ - | * (JSAPI 下单)' },
  // develop.iotpay.ca create_order / payForSubmit: mchOrderNo String(30), sample digits only; no character set is
  // documented, so letters and digits only.
  iotpay: { pattern: /^[A-Za-z0-9]{1,30}$/, source: 'IOTPay mchOrderNo: String(30) (create_order); letters and digits, the page naming no other' },
  // developer.snappay.ca openapi.html out_order_no TEXT(64) (the SDK's AbstractPayRequest: validateLength 64); no
  // character set is documented, so letters, digits, _ and -.
  snappay: { pattern: /^[A-Za-z0-9_-]{1,64}$/, source: 'SnapPay out_order_no: TEXT(64) (openapi.html); letters, digits, _ and -' },
  // developer.paypal.com Orders v2 purchase_unit custom_id / invoice_id: 1 to 127 characters.
  paypal: { pattern: /^[A-Za-z0-9_-]{1,127}$/, source: 'PayPal custom_id / invoice_id: 1 to 127 characters (Orders v2)' },
  // The sandbox's page path and every stored id (attempts.ts findAttempt).
  sandbox: { pattern: /^[A-Za-z0-9_-]{1,64}$/, source: 'the sandbox page: a stored attempt id' },
};

/** The attempt id as `provider`'s order number; throws, naming the rule, when it is outside it. */
export function orderNumber(provider: string, attemptId: string): string {
  const rule = ORDER_NUMBER_RULES[provider];
  if (!rule) throw new Error(`No order number rule for the payment provider ${provider}`);
  if (!rule.pattern.test(attemptId)) throw new Error(`Payment attempt ${attemptId} cannot be ${rule.source}`);
  return attemptId;
}
