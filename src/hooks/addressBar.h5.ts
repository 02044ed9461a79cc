import { withQueryParam } from '@/domain/linkMapping'

/**
 * Writes a page's state into the address without a navigation (no new page, no history entry), keeping the router's
 * history.state: `path` replaces the path (/store/search → /store/search/tea), `param` sets one query parameter.
 */
export function showInAddressBar({ path, param }: { path?: string; param?: [string, string] }): void {
  const { pathname, search, hash } = window.location
  const query = param ? withQueryParam(search, param[0], param[1]) : search
  window.history.replaceState(window.history.state, '', `${path ?? pathname}${query}${hash}`)
}
