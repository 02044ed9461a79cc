/**
 * Who takes part in an order's life, and in which order: the ONE list the order lifecycle (orders/lifecycle.ts) tells
 * of every settlement, cancellation, refund and fulfilment move. The server (app.ts) and every operator CLI (scripts/operatorDb.ts)
 * call installOrderSubscribers() at start; nothing registers itself by being imported.
 *
 * Order matters: store credit comes first on settlement (it may refuse: the balance no longer covers the order),
 * referral accrues before campaigns may refund a payment that can no longer join (the refund then reverses it), and
 * campaigns come last because their refund goes back through the lifecycle (a nested `refunded`).
 */
import { queueFulfilmentMail, queueReceipt, queueRefundMail } from '../mail/mails.ts';
import { eventOfMove, queuePlatformMessage } from './platformMessages.ts';
import { voidOpenAttempts } from '../payments/attempts.ts';
import { campaignOrderPaid } from '../features/campaigns/service.ts';
import { dropReservation, emptyCartOf } from '../services/cart.ts';
import { grantForOrder, revokeForOrder } from '../features/memberships/service.ts';
import { accrue, reverse } from '../features/referral/service.ts';
import { returnStock } from '../services/stock.ts';
import { payOrderWithCredit, returnOrderCredit, returnRefundCredit } from '../services/storeCredit.ts';
import { queueShipping, queueVirtualOrder } from '../payments/wechatShipping.ts';
import { setOrderSubscribers, type OrderSubscriber } from './lifecycle.ts';

export const ORDER_SUBSCRIBERS: readonly OrderSubscriber[] = [
  {
    name: 'store credit',
    settled: payOrderWithCredit,
    cancelled: returnOrderCredit,
    refunded: returnRefundCredit,
  },
  {
    name: 'stock',
    cancelled: (q, o) => returnStock(q, o.id),
    refunded: async (q, o, r) => { if (r.restock) await returnStock(q, o.id); },
  },
  {
    name: 'payment attempts',
    settled: (q, o) => voidOpenAttempts(q, o.id),
    cancelled: (q, o) => voidOpenAttempts(q, o.id),
  },
  {
    name: 'carts',
    settled: (q, o) => emptyCartOf(q, o.id),
    cancelled: (q, o) => dropReservation(q, o.id),
  },
  {
    name: 'mail',
    settled: (q, o) => queueReceipt(q, o.id),
    // Ready for pickup and out for delivery are told to the shopper; completing an order sends nothing.
    moved: (q, o) => queueFulfilmentMail(q, o.id),
    refunded: (q, o, r) => queueRefundMail(q, o.id, r),
  },
  {
    // The same events on the mini-program platform (WeChat subscription messages), for a shopper with an openid and a
    // template in the shop's settings; queued here, sent by its worker, so a refusal never stops the order.
    name: 'platform messages',
    settled: (q, o) => queuePlatformMessage(q, o, 'confirmed'),
    moved: async (q, o) => { const e = eventOfMove(o.status); if (e) await queuePlatformMessage(q, o, e); },
    refunded: (q, o, r) => queuePlatformMessage(q, o, 'refunded', r),
  },
  {
    // WeChat holds a mini-program payment's funds until its shipping is uploaded: queued when the goods are handed over,
    // or when it is settled for an order of memberships only (virtual goods: nothing to hand over).
    name: 'wechat shipping',
    settled: queueVirtualOrder,
    moved: queueShipping,
  },
  {
    name: 'memberships',
    settled: grantForOrder,
    cancelled: (q, o) => revokeForOrder(q, o.id),
    // A partial refund leaves the membership as it is.
    refunded: async (q, o, r) => { if (r.full) await revokeForOrder(q, o.id); },
  },
  {
    name: 'referral',
    settled: accrue,
    cancelled: (q, o) => reverse(q, o.id, { refunded: null, full: true }),
    // In proportion to the money refunded so far of the money paid (security note M1).
    refunded: (q, o, r) => reverse(q, o.id, { refunded: r.amount, full: r.full }),
  },
  {
    name: 'campaigns',
    settled: (q, o) => campaignOrderPaid(q, o.id),
  },
];

/** Installs ORDER_SUBSCRIBERS as the lifecycle's list (app.ts, scripts/operatorDb.ts). */
export function installOrderSubscribers(): void {
  setOrderSubscribers(ORDER_SUBSCRIBERS);
}
