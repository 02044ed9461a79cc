/**
 * Spec §2 order confirmation ("The order id follows a marker letter X inside the value") and §5
 * ("Order id must be present after the marker in from_source, else error 'orderID error'").
 */
import { FROM_SOURCES, type FromSource } from '@shared/hostedChannels'

/** The spec's seven, and paypal_h5: each hosted channel's return (shared/hostedChannels.ts), and WeChat's in-app weixin_js. */
export { FROM_SOURCES, type FromSource }

export const ORDER_ID_MARKER = 'X'

export type FromSourceResult =
  | { ok: true; provider: FromSource; orderID: string }
  | { ok: false; error: 'orderID error' | 'unknown source' }

export function isFromSource(value: string): value is FromSource {
  return (FROM_SOURCES as readonly string[]).includes(value)
}

/**
 * 'ott_h5X1234' → ott_h5, order 1234. The provider is the known name the value starts with; the order id is
 * everything after the first uppercase 'X' that follows it (so ids may themselves contain 'X').
 * No known provider → 'unknown source'; no marker or nothing after it → 'orderID error'.
 */
export function parseFromSource(value: string | null | undefined): FromSourceResult {
  const v = (value ?? '').trim()
  const provider = FROM_SOURCES.filter((p) => v.startsWith(p)).sort((a, b) => b.length - a.length)[0]
  if (!provider) return { ok: false, error: 'unknown source' }
  const rest = v.slice(provider.length)
  const marker = rest.indexOf(ORDER_ID_MARKER)
  const orderID = marker < 0 ? '' : rest.slice(marker + 1).trim()
  return orderID ? { ok: true, provider, orderID } : { ok: false, error: 'orderID error' }
}

/**
 * The confirmation page's order id from its query, in either form:
 * the marker inside from_source ('ott_h5X1234'), or — spec §4 "In WeChat in-app payment any result … redirects
 * to the confirmation page with from_source=weixin_js, status=ok and the oid" — from_source=weixin_js with oid.
 * The marker form wins when both are present; oid is only read for weixin_js.
 */
export function orderIdFromQuery(query: Record<string, string | undefined>): FromSourceResult {
  const parsed = parseFromSource(query.from_source)
  if (parsed.ok || parsed.error === 'unknown source') return parsed
  const oid = (query.oid ?? '').trim()
  const provider = (query.from_source ?? '').trim()
  if (oid && provider.startsWith('weixin_js')) return { ok: true, provider: 'weixin_js', orderID: oid }
  return parsed
}
