/**
 * ready (NEW → READY_FOR_PICKUP, a pickup order, by the staff; orders/stateTable.ts): the order waits at the store.
 * Event `moved`: the mail subscriber writes the ready-for-pickup mail, platform messages send WeChat's subscription
 * message (a shopper with an openid and a template in the shop file), and a WeChat mini-program payment's shipping
 * upload is queued (payments/wechatShipping.ts: self-pickup).
 */
import { MOVES } from '../stateTable.ts';
import { fulfil, type StoreStep } from '../engine.ts';

export const ready: StoreStep = (q, o) => fulfil(q, o, MOVES.ready);
