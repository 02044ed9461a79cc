/**
 * Payments' parts in an order's life: subscribers of the order lifecycle (orders/lifecycle.ts), put in the one list by
 * the composition root (composition.ts ORDER_SUBSCRIBERS). Here, not in orders/, because orders/ never imports
 * payments/ (ARCHITECTURE.md "The layers").
 */
import type { OrderSubscriber } from '../orders/lifecycle.ts';
import { voidOpenAttempts } from './attempts.ts';
import { queueShipping, queueVirtualOrder } from './wechatShipping.ts';

/** A settled or cancelled order's other open payment attempts are voided (closed at their provider by the sync worker). */
export const PAYMENT_ATTEMPT_SUBSCRIBER: OrderSubscriber = {
  name: 'payment attempts',
  settled: (q, o) => voidOpenAttempts(q, o.id),
  cancelled: (q, o) => voidOpenAttempts(q, o.id),
};

/**
 * WeChat holds a mini-program payment's funds until its shipping is uploaded: queued when the goods are handed over,
 * or when it is settled for an order of memberships only (virtual goods: nothing to hand over).
 */
export const WECHAT_SHIPPING_SUBSCRIBER: OrderSubscriber = {
  name: 'wechat shipping',
  settled: queueVirtualOrder,
  moved: queueShipping,
};
