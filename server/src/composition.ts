/**
 * The composition root: where the server's parts are put together, once, at start (app.ts buildApp and every operator
 * CLI through scripts/operatorDb.ts call installComposition). The core never imports a feature nor payments/: it asks
 * through the registries this fills (services/extensions.ts) and through the order lifecycle's subscribers.
 */
import { FEATURES } from './features/index.ts';
import { installExtensions, NO_MEMBERS, type AccountHooks, type OrderHooks } from './services/extensions.ts';
import { releaseReservation, setOrderSubscribers, type OrderSubscriber } from './orders/lifecycle.ts';
import {
  CART_SUBSCRIBER, MAIL_SUBSCRIBER, PLATFORM_MESSAGE_SUBSCRIBER, STOCK_SUBSCRIBER, STORE_CREDIT_SUBSCRIBER,
} from './orders/subscribers.ts';
import { PAYMENT_ATTEMPT_SUBSCRIBER, WECHAT_SHIPPING_SUBSCRIBER } from './payments/subscribers.ts';

/**
 * Who takes part in an order's life, and in which order: the ONE list the order lifecycle (orders/lifecycle.ts) tells
 * of every settlement, cancellation, refund and fulfilment move. Store credit comes first on settlement (it may
 * refuse: the balance no longer covers the order); the features' parts come last, in the list's order
 * (features/index.ts: referral accrues before campaigns may refund, campaigns last).
 */
export const ORDER_SUBSCRIBERS: readonly OrderSubscriber[] = [
  STORE_CREDIT_SUBSCRIBER,
  STOCK_SUBSCRIBER,
  PAYMENT_ATTEMPT_SUBSCRIBER,
  CART_SUBSCRIBER,
  MAIL_SUBSCRIBER,
  PLATFORM_MESSAGE_SUBSCRIBER,
  WECHAT_SHIPPING_SUBSCRIBER,
  ...FEATURES.flatMap((f) => (f.orderSubscriber ? [f.orderSubscriber] : [])),
];

/** Installs the order subscribers and the core's registries from the feature list. */
export function installComposition(): void {
  const pricing = FEATURES.filter((f) => f.pricing);
  if (pricing.length > 1) throw new Error(`Only one feature prices members; ${pricing.map((f) => f.name).join(' and ')} both do`);
  setOrderSubscribers(ORDER_SUBSCRIBERS);
  installExtensions({
    core: { releaseReservation },
    accounts: FEATURES.flatMap((f): AccountHooks[] => (f.accounts ? [f.accounts] : [])),
    pricing: pricing[0]?.pricing ?? NO_MEMBERS,
    orders: FEATURES.flatMap((f): OrderHooks[] => (f.orders ? [f.orders] : [])),
  });
}
