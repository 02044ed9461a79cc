/**
 * out-for-delivery (NEW → OUT_FOR_DELIVERY, a delivery order, by the staff; orders/stateTable.ts): the courier has
 * it. Event `moved`: the out-for-delivery mail and WeChat subscription message, and a WeChat mini-program payment's
 * shipping upload is queued (payments/wechatShipping.ts: the goods are handed over).
 */
import { MOVES } from '../stateTable.ts';
import { fulfil, type StoreStep } from '../engine.ts';

export const outForDelivery: StoreStep = (q, o) => fulfil(q, o, MOVES['out-for-delivery']);
