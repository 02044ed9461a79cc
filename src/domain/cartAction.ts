/** Spec §2 "Cart action" and header cart helper. */
export const CART_URL = '/checkout/cart'
export const CAMPAIGN_CART_URL = '/checkout/campaignCart'

function pathnameOf(path: string): string {
  return path.split('#')[0].split('?')[0]
}

/** The {id} of /store/groupCampaign/{id}, or null. */
export function groupCampaignId(currentPath: string): string | null {
  const m = /^\/?store\/groupCampaign\/([^/]+)\/?$/.exec(pathnameOf(currentPath))
  return m ? m[1] : null
}

/**
 * On /store/groupCampaign/{id}, or when the query has FissionSale → /checkout/campaignCart?FissionSale=…
 * (the query's value wins; otherwise the campaign id). Otherwise /checkout/cart.
 * An empty FissionSale counts as absent.
 */
export function cartActionUrl(currentPath: string, query: Record<string, string | undefined>): string {
  const fission = query.FissionSale || groupCampaignId(currentPath)
  return fission ? `${CAMPAIGN_CART_URL}?FissionSale=${encodeURIComponent(fission)}` : CART_URL
}

/** Header badge: number of distinct line items (lineItems is keyed by item). */
export function distinctLineItems(cart: { lineItems?: Record<string, unknown> | null } | null | undefined): number {
  const items = cart?.lineItems
  return items && typeof items === 'object' ? Object.keys(items).length : 0
}
