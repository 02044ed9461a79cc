/**
 * The order lifecycle's state table: every change of an order's state the store knows, as one row each — the move,
 * the states (and payment states, and methods) it starts from, the states it may reach, and who may make it. Pure: the
 * lifecycle's engine (orders/engine.ts, orders/lifecycle.ts) asks it under the order's lock and refuses what it refuses;
 * what a move does beyond the status (its event, its side effects) is its file in orders/transitions/. The back office's
 * "moves allowed now" (features/admin/service.ts) and the orders CLI's verbs and refusals (scripts/orders.ts) come from
 * here too. Table-tested: server/tests/state-table.test.ts answers every (status, move) pair.
 *
 *   INTERIM + NOT_PAID ──settle──► NEW + PAID_ONLINE | PAID_BY_DISCOUNT | PAY_AT_STORE      event `settled`
 *     │ release (expired, replaced) or cancel      │ cancel (unpaid: PAY_AT_STORE)   │ refund, in part or whole
 *     ▼                                            ▼                                 ▼
 *   CANCELLED                                    CANCELLED                         `refunded` amount grows; in whole:
 *   event `cancelled`                            event `cancelled`                 REFUND_PENDING → REFUNDED (refund-sent)
 *                                                                                  event `refunded`
 *   NEW ──ready (PICKUP)──────────────► READY_FOR_PICKUP ──completed──► COMPLETED          event `moved`
 *    │ ──out-for-delivery (DELIVERY)──► OUT_FOR_DELIVERY ──completed──┘
 *    │ ──completed (handed over at once: eat-in, a pickup at the counter)──┘
 *    └ any of NEW, READY_FOR_PICKUP, OUT_FOR_DELIVERY (and an unpaid INTERIM) ──cancelled──► CANCELLED, or
 *      REFUND_PENDING / REFUNDED for a paid order (its money goes back)
 *   settled, paid order ──dispute-opened──► DISPUTED (no store move until resolved) ──dispute-resolved──► back where
 *   it was | CHARGED_BACK; ──provider-refunded──► CHARGED_BACK (a reversal) | REFUNDED (all of it refunded there)
 */
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderMethod, type OrderStatusCode } from '../../../contract/constants.ts';
import type { AdminMove } from '../../../contract/admin.ts';

type PaymentStatusCode = (typeof PAYMENT_STATUSES)[number];

/** Who makes a move: the shopper, the store's staff (back office or operator CLI), a payment provider's word, the server itself. */
export const ACTORS = ['shopper', 'staff', 'provider', 'system'] as const;
export type Actor = (typeof ACTORS)[number];

/** One allowed change of an order's state. */
export interface Transition {
  /** What the move is called (the orders CLI and the back office name the store's moves so). */
  move: string;
  /** What it is, in the spec's and the store's words (refusals quote it). */
  what: string;
  /** The states it starts from. */
  from: readonly OrderStatusCode[];
  /** The payment states it starts from (any when absent). */
  payment?: readonly PaymentStatusCode[];
  /** The methods it is a move for (all when absent). */
  methods?: readonly OrderMethod[];
  /** States in which it has nothing left to do: the order is answered as it is, nothing is recorded. */
  done?: readonly OrderStatusCode[];
  /** States that hold it back until something else happens, and why (the refusal, after "Order N "). */
  held?: Partial<Record<OrderStatusCode, string>>;
  /** The refusal of an order outside `from` / `payment`, after "Order N " (else the table says which states it needs). */
  refused?: string;
  /** The states it may reach ('same': the status stays, e.g. a partial refund). */
  to: readonly (OrderStatusCode | 'same')[];
  /** Who may make it. */
  by: readonly Actor[];
  /** The event the lifecycle tells its subscribers (orders/subscribers.ts), if any. */
  event?: 'settled' | 'cancelled' | 'refunded' | 'moved';
}

/** Settled orders the store still has to hand over. */
export const OPEN_STATES = ['NEW', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY'] as const satisfies readonly OrderStatusCode[];
/** Payment states under which money was taken for the order, and those under which none was. */
export const PAID = ['PAID_ONLINE', 'PAID_BY_DISCOUNT'] as const satisfies readonly PaymentStatusCode[];
export const UNPAID = ['NOT_PAID', 'PAY_AT_STORE'] as const satisfies readonly PaymentStatusCode[];
/** An order whose money was taken and is still the store's to lose (a dispute, reversal or refund can reach it). */
const SETTLED = ORDER_STATUSES.filter((s) => s !== 'INTERIM' && s !== 'CANCELLED');

const DISPUTE_HOLD = 'is DISPUTED at its payment provider: no fulfilment move or cancel until the dispute is resolved';

/** The table: every move an order can make. */
export const TRANSITIONS = [
  {
    move: 'settle', what: 'paid online, by store credit or discount, or placed to pay at the store',
    from: ['INTERIM'], payment: ['NOT_PAID'], refused: 'is not waiting for payment', to: ['NEW'], by: ['shopper', 'provider'],
    event: 'settled',
  },
  {
    move: 'release', what: 'an unpaid reservation let go (expired, replaced by a new one, left by a sign-in)',
    from: ['INTERIM'], payment: ['NOT_PAID'], to: ['CANCELLED'], by: ['system'], event: 'cancelled',
  },
  {
    move: 'cancel', what: 'cancelled by the shopper before anyone paid for it',
    from: ['INTERIM', 'NEW'], payment: UNPAID, refused: 'can no longer be cancelled', to: ['CANCELLED'], by: ['shopper'],
    event: 'cancelled',
  },
  {
    move: 'ready', what: 'ready for pickup at the store',
    from: ['NEW'], methods: ['PICKUP'], held: { DISPUTED: DISPUTE_HOLD }, to: ['READY_FOR_PICKUP'], by: ['staff'], event: 'moved',
  },
  {
    move: 'out-for-delivery', what: 'handed to the courier',
    from: ['NEW'], methods: ['DELIVERY'], held: { DISPUTED: DISPUTE_HOLD }, to: ['OUT_FOR_DELIVERY'], by: ['staff'], event: 'moved',
  },
  {
    move: 'completed', what: 'handed over to the shopper',
    from: OPEN_STATES, held: { DISPUTED: DISPUTE_HOLD }, to: ['COMPLETED'], by: ['staff'], event: 'moved',
  },
  {
    move: 'cancelled', what: 'cancelled by the store (a paid order is refunded in whole)',
    from: ['INTERIM', ...OPEN_STATES], held: { DISPUTED: DISPUTE_HOLD }, to: ['CANCELLED', 'REFUND_PENDING', 'REFUNDED'], by: ['staff'],
    event: 'cancelled',
  },
  {
    move: 'operator-cancel', what: 'cancelled by the operator (npm run orders -- cancel; a paid order is refunded in whole)',
    from: ['INTERIM', ...OPEN_STATES, 'COMPLETED'], done: ['CANCELLED', 'REFUND_PENDING', 'REFUNDED', 'CHARGED_BACK'],
    held: { DISPUTED: DISPUTE_HOLD }, to: ['CANCELLED', 'REFUND_PENDING', 'REFUNDED'], by: ['staff'], event: 'cancelled',
  },
  {
    move: 'refund', what: 'refunded, in part or whole',
    from: ORDER_STATUSES.filter((s) => s !== 'INTERIM'), payment: PAID, refused: 'was not paid: nothing to refund',
    to: ['same', 'REFUND_PENDING', 'REFUNDED'], by: ['staff', 'system'], event: 'refunded',
  },
  {
    move: 'refund-sent', what: 'its refund accepted by the payment provider',
    from: ['REFUND_PENDING'], to: ['REFUNDED'], by: ['system'],
  },
  {
    move: 'dispute-opened', what: 'disputed by the buyer at the payment provider',
    from: SETTLED.filter((s) => s !== 'DISPUTED' && s !== 'CHARGED_BACK'), payment: PAID, done: ['DISPUTED', 'CHARGED_BACK'],
    to: ['DISPUTED'], by: ['provider'],
  },
  {
    move: 'dispute-resolved', what: 'its dispute resolved at the payment provider',
    from: SETTLED, payment: PAID, to: ['same', ...SETTLED.filter((s) => s !== 'DISPUTED')], by: ['provider'],
  },
  {
    move: 'provider-refunded', what: 'its money sent back by the payment provider (a reversal, or a refund made there)',
    from: SETTLED, payment: PAID, to: ['same', 'REFUNDED', 'CHARGED_BACK'], by: ['provider'], event: 'refunded',
  },
] as const satisfies readonly Transition[];

export type MoveName = (typeof TRANSITIONS)[number]['move'];

/** The store's moves of an order, as the back office and `npm run orders -- move` name them. */
export const STORE_MOVES = ['ready', 'out-for-delivery', 'completed', 'cancelled'] as const satisfies readonly MoveName[];
export type Move = (typeof STORE_MOVES)[number];
// The wire's list (contract/admin.ts ADMIN_MOVES) is this one: a move in one and not the other is a compile error.
const sameMoves: [Move, AdminMove] extends [AdminMove, Move] ? true : never = true;
void sameMoves;
export const isMove = (m: string): m is Move => (STORE_MOVES as readonly string[]).includes(m);

const BY_MOVE = new Map<string, Transition>(TRANSITIONS.map((t) => [t.move, t]));
export function transition(move: MoveName): Transition {
  return BY_MOVE.get(move)!;
}

/** The state a store move asks for (the status it writes; `cancelled` may end REFUND_PENDING/REFUNDED for a paid order). */
export const MOVES = Object.fromEntries(STORE_MOVES.map((m) => [m, transition(m).to[0]])) as Record<Move, OrderStatusCode>;

const METHOD_WORDS: Record<OrderMethod, string> = { PICKUP: 'a pickup order', DELIVERY: 'a delivery order', EAT_IN: 'an eat-in order' };

/** The part of an order the table reads. */
export interface OrderState {
  status: string;
  payment_status: string;
  method?: string | null;
}

/**
 * The table's answer: allowed; done already (nothing to do, nothing recorded); or refused, with why. A refusal's
 * `reason` is said of the order: `standalone` ones follow "Order N " (what holds it, or the row's own words), the
 * others "Order N: ".
 */
export type Verdict =
  | { allowed: true }
  | { allowed: false; done: true }
  | { allowed: false; done?: false; reason: string; standalone: boolean };

/** Whether `actor` may make `move` on an order in `o`'s state. */
export function verdict(move: MoveName, o: OrderState, actor: Actor): Verdict {
  const t = transition(move);
  const status = o.status as OrderStatusCode;
  const refused = (reason: string, standalone = false): Verdict => ({ allowed: false, reason, standalone });
  if (!t.by.includes(actor)) return refused(`${move} is not a move for the ${actor} (only ${t.by.join(', ')})`);
  if (t.done?.includes(status)) return { allowed: false, done: true };
  const held = t.held?.[status];
  if (held) return refused(held, true);
  if (t.methods && o.method && !t.methods.includes(o.method as OrderMethod)) {
    return refused(`${move} is not a move for ${METHOD_WORDS[o.method as OrderMethod]}`);
  }
  const fromOk = t.from.includes(status);
  const paymentOk = !t.payment || t.payment.includes(o.payment_status as PaymentStatusCode);
  if (fromOk && paymentOk) return { allowed: true };
  if (t.refused) return refused(t.refused, true);
  if (!fromOk) {
    const target = (STORE_MOVES as readonly string[]).includes(move) ? `moved to ${t.to[0]}` : t.what;
    return refused(`an order that is ${o.status} cannot be ${target} (only from ${t.from.join(', ')})`);
  }
  return refused(`an order that is ${o.payment_status} cannot be ${t.what} (only ${t.payment!.join(', ')})`);
}

/** A refusal as the lifecycle says it (the 409's message). */
export function refusalText(orderId: number | string, v: Verdict): string | null {
  if (v.allowed || v.done) return null;
  return v.standalone ? `Order ${orderId} ${v.reason}` : `Order ${orderId}: ${v.reason}`;
}

/** Why the store's `move` is refused for an order in `status` of `method`, or null when it is allowed. */
export function moveRefusal(move: Move, status: string, method: OrderMethod): string | null {
  const v = verdict(move, { status, payment_status: 'NOT_PAID', method }, 'staff');
  return v.allowed || v.done ? null : v.reason;
}

/** The store's moves allowed now for the order (the back office's buttons). */
export function allowedMoves(o: OrderState): Move[] {
  return STORE_MOVES.filter((m) => verdict(m, o, 'staff').allowed);
}
