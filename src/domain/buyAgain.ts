/**
 * Buy again (issue 42 n-14): an order's lines put back in the cart through the cart's own calls, and what to tell the
 * shopper about the lines the cart refused. Pure; the hook (hooks/useBuyAgain.ts) makes the calls.
 */
import type { OrderLine } from '@contract/orders'

export interface BuyAgainItem {
  productId: string
  /** '' for a product without options. */
  optionPair: string
  quantity: number
  /** Added through the add-on call (an add-on is refused by the product call). */
  addOn: boolean
  /** The order's line it comes from (its name and options for the message). */
  line: OrderLine
}

/**
 * One addition per product and option (two lines of the same one, as a campaign order may hold, summed), in the
 * order's order, the products before the add-ons: an add-on is offered beside the products it goes with.
 */
export function buyAgainItems(lines: readonly OrderLine[]): BuyAgainItem[] {
  const byKey = new Map<string, BuyAgainItem>()
  for (const line of lines) {
    if (line.quantity <= 0) continue
    const key = `${line.addOn ? 'addon' : 'product'}:${line.productId}:${line.optionPair}`
    const known = byKey.get(key)
    if (known) known.quantity += line.quantity
    else byKey.set(key, { productId: line.productId, optionPair: line.optionPair, quantity: line.quantity, addOn: line.addOn, line })
  }
  const items = [...byKey.values()]
  return [...items.filter((i) => !i.addOn), ...items.filter((i) => i.addOn)]
}

/** Why the cart refused a line, from its answer's status: gone (no longer sold), stock (not enough left), or other. */
export type BuyAgainReason = 'gone' | 'stock' | 'signIn' | 'offline' | 'other'

export function buyAgainReason(status: number | null): BuyAgainReason {
  if (status === 0) return 'offline'
  if (status === 404 || status === 410) return 'gone'
  if (status === 409) return 'stock'
  if (status === 401) return 'signIn'
  return 'other'
}

export interface BuyAgainResult {
  item: BuyAgainItem
  /** Null when the cart took it; else the refusal's status (0 offline, null for no answer at all) and its text. */
  refused: { status: number | null; message: string } | null
}

export interface BuyAgainOutcome {
  /** Lines now in the cart. */
  added: number
  refused: { item: BuyAgainItem; reason: BuyAgainReason; message: string }[]
  /** all: every line went in (go to the cart); some: say which did not; none: nothing went in. */
  kind: 'all' | 'some' | 'none'
}

export function buyAgainOutcome(results: readonly BuyAgainResult[]): BuyAgainOutcome {
  const refused = results.flatMap((r) => (r.refused ? [{ item: r.item, reason: buyAgainReason(r.refused.status), message: r.refused.message }] : []))
  const added = results.length - refused.length
  return { added, refused, kind: refused.length === 0 && added > 0 ? 'all' : added > 0 ? 'some' : 'none' }
}
