/**
 * completed (NEW | READY_FOR_PICKUP | OUT_FOR_DELIVERY → COMPLETED, by the staff; orders/stateTable.ts): handed over
 * (at once for an eat-in order or a pickup at the counter). Event `moved`: no mail or message; a WeChat mini-program
 * payment's shipping upload is queued when it is completed from NEW (handed over at once: payments/wechatShipping.ts).
 */
import { MOVES } from '../stateTable.ts';
import { fulfil, type StoreStep } from '../engine.ts';

export const completed: StoreStep = (q, o) => fulfil(q, o, MOVES.completed);
