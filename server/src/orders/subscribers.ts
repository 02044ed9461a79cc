/**
 * The core's parts in an order's life (store credit, stock, carts, mail, platform messages): subscribers of the order
 * lifecycle (orders/lifecycle.ts), told of every settlement, cancellation, refund and fulfilment move. Payments' parts
 * are in payments/subscribers.ts and each feature's in its object (features/<area>/index.ts); the ONE list, in its
 * order, is composition.ts ORDER_SUBSCRIBERS, installed at start by installComposition (app.ts, scripts/operatorDb.ts).
 * Nothing registers itself by being imported.
 */
import { queueFulfilmentMail, queueReceipt, queueRefundMail } from '../mail/mails.ts';
import { eventOfMove, queuePlatformMessage } from './platformMessages.ts';
import { dropReservation, emptyCartOf } from '../services/cart.ts';
import { returnStock } from '../services/stock.ts';
import { payOrderWithCredit, returnOrderCredit, returnRefundCredit } from '../services/storeCredit.ts';
import type { OrderSubscriber } from './lifecycle.ts';

/** Store credit comes first on settlement: it may refuse (the balance no longer covers the order). */
export const STORE_CREDIT_SUBSCRIBER: OrderSubscriber = {
  name: 'store credit',
  settled: payOrderWithCredit,
  cancelled: returnOrderCredit,
  refunded: returnRefundCredit,
};

export const STOCK_SUBSCRIBER: OrderSubscriber = {
  name: 'stock',
  cancelled: (q, o) => returnStock(q, o.id),
  refunded: async (q, o, r) => { if (r.restock) await returnStock(q, o.id); },
};

export const CART_SUBSCRIBER: OrderSubscriber = {
  name: 'carts',
  settled: (q, o) => emptyCartOf(q, o.id),
  cancelled: (q, o) => dropReservation(q, o.id),
};

export const MAIL_SUBSCRIBER: OrderSubscriber = {
  name: 'mail',
  settled: (q, o) => queueReceipt(q, o.id),
  // Ready for pickup and out for delivery are told to the shopper; completing an order sends nothing.
  moved: (q, o) => queueFulfilmentMail(q, o.id),
  refunded: (q, o, r) => queueRefundMail(q, o.id, r),
};

/**
 * The same events on the mini-program platform (WeChat subscription messages), for a shopper with an openid and a
 * template in the shop's settings; queued here, sent by its worker, so a refusal never stops the order.
 */
export const PLATFORM_MESSAGE_SUBSCRIBER: OrderSubscriber = {
  name: 'platform messages',
  settled: (q, o) => queuePlatformMessage(q, o, 'confirmed'),
  moved: async (q, o) => { const e = eventOfMove(o.status); if (e) await queuePlatformMessage(q, o, e); },
  refunded: (q, o, r) => queuePlatformMessage(q, o, 'refunded', r),
};
