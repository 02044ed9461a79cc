/**
 * The store's fulfilment moves (npm run orders -- move): which state an order may be moved to from which, by method.
 * Pure: the order lifecycle (orders/lifecycle.ts moveOrder) asks it under the order's lock and refuses what it refuses.
 *
 *   NEW ──ready (PICKUP)──────────────► READY_FOR_PICKUP ──completed──► COMPLETED
 *    │ ──out-for-delivery (DELIVERY)──► OUT_FOR_DELIVERY ──completed──┘
 *    │ ──completed (handed over at once: eat-in, a pickup at the counter)──┘
 *    └ any of NEW, READY_FOR_PICKUP, OUT_FOR_DELIVERY (and an unpaid INTERIM) ──cancelled──► the lifecycle's operator
 *      cancel: CANCELLED, or REFUND_PENDING / REFUNDED for a paid order (its money goes back)
 */
import type { OrderMethod } from '../../../contract/constants.ts';
import type { OrderStatusCode } from '../../../contract/orders.ts';

/** The moves an operator names, and the state each asks for. */
export const MOVES = {
  ready: 'READY_FOR_PICKUP',
  'out-for-delivery': 'OUT_FOR_DELIVERY',
  completed: 'COMPLETED',
  cancelled: 'CANCELLED',
} as const satisfies Record<string, OrderStatusCode>;
export type Move = keyof typeof MOVES;
export const isMove = (m: string): m is Move => Object.hasOwn(MOVES, m);

/** Settled orders the store still has to hand over. */
export const OPEN_STATES = ['NEW', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY'] as const;

/** From which states each move is allowed, and for which methods (all when absent). */
const ALLOWED: Record<Move, { from: readonly string[]; methods?: readonly OrderMethod[] }> = {
  ready: { from: ['NEW'], methods: ['PICKUP'] },
  'out-for-delivery': { from: ['NEW'], methods: ['DELIVERY'] },
  completed: { from: OPEN_STATES },
  cancelled: { from: ['INTERIM', ...OPEN_STATES] },
};

const METHOD_WORDS: Record<OrderMethod, string> = { PICKUP: 'a pickup order', DELIVERY: 'a delivery order', EAT_IN: 'an eat-in order' };

/** Why `move` is refused for an order in `status` of `method`, or null when it is allowed. */
export function moveRefusal(move: Move, status: string, method: OrderMethod): string | null {
  const rule = ALLOWED[move];
  if (rule.methods && !rule.methods.includes(method)) return `${move} is not a move for ${METHOD_WORDS[method]}`;
  if (!rule.from.includes(status)) {
    return `an order that is ${status} cannot be moved to ${MOVES[move]} (only from ${rule.from.join(', ')})`;
  }
  return null;
}
