/**
 * One order's log lines (issue 37 item 6): every line about an order or its payment is written by a child logger that
 * binds the order's number (`orderId`, the number the shopper and the order desk see) and, for a payment, the payment
 * attempt's id (`paymentId`, which the provider's reference is made from), so `grep '"orderId":100231'` follows one
 * order through every process's log: placed, payment started, paid, refunds requested and sent, mails and messages,
 * the workers' rounds. Refunds add `refundId`.
 */
export interface LineLog {
  info(o: object, msg?: string): void;
  warn(o: object, msg?: string): void;
  error?(o: object, msg?: string): void;
  child?(bindings: Record<string, unknown>): LineLog;
}

export interface OrderIds {
  orderId?: number | string | null;
  paymentId?: string | null;
  refundId?: string | number | null;
}

/** `log` with the order's ids bound (a logger without child(), a test's plain object, gets them on each line). */
export function orderLog<L extends LineLog>(log: L, ids: OrderIds): L {
  const bindings: Record<string, unknown> = {};
  if (ids.orderId != null && ids.orderId !== '') bindings.orderId = Number(ids.orderId);
  if (ids.paymentId) bindings.paymentId = ids.paymentId;
  if (ids.refundId != null) bindings.refundId = String(ids.refundId);
  if (log.child) return log.child(bindings) as L;
  const withIds = (o: object) => ({ ...bindings, ...o });
  return { ...log, info: (o: object, m?: string) => log.info(withIds(o), m), warn: (o: object, m?: string) => log.warn(withIds(o), m), error: (o: object, m?: string) => log.error?.(withIds(o), m) } as L;
}
