/** Spec §2 Header: layout, logo, top menu, search, account, cart, language/currency, current store. */
import { useState } from 'react'
import { cartActionUrl } from '@/domain/cartAction'
import { cartBadge } from '@/domain/footerTabs'
import { imageUrl } from '@shared/imageUrl'
import { toggleSubMenu } from '@/domain/menus'
import { HOME_PATH } from '@shared/routes'
import { SUB_MENU_LABEL_MAX, TOP_MENU_LABEL_MAX } from '@/domain/truncation'
import { useLanguageCurrency } from '@/hooks/useLanguageCurrency'
import { useCurrentStore } from '@/hooks/useCurrentStore'
import { useMenuEntries } from '@/hooks/useMenuEntries'
import { useRoute } from '@/hooks/useRoute'
import { useAccountEntry, useStoreName } from '@/hooks/useShellAccount'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import { useAppConfig } from '@/hooks/useShell'
import { useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { useLocale } from '@/stores/locale'
import { useUi } from '@/stores/ui'

export const SEARCH_URL = '/store/search'
const HEADER_LABEL_LIMITS = { top: TOP_MENU_LABEL_MAX, sub: SUB_MENU_LABEL_MAX }

export function useHeader() {
  const t = useT()
  const content = useAppInfo((s) => s.info?.appContent)
  const config = useAppConfig()
  const language = useLocale((s) => s.language)
  // The same count as the tab bar's: units, not lines (spec: the cart's itemCount).
  const itemCount = useCart((s) => s.cart?.itemCount ?? 0)
  const route = useRoute()
  const storeName = useStoreName(t('header.storeFallback'))
  const menu = useMenuEntries(content?.navigation?.headerMenu, language, HEADER_LABEL_LIMITS)
  const [openSubMenu, setOpenSubMenu] = useState<number | null>(null)
  const sideMenuOpen = useUi((s) => s.sideMenuOpen)

  return {
    layout: config.displayHeader === 'FLOATING' ? ('floating' as const) : ('full' as const),
    storeName,
    logoUrl: imageUrl(content?.logo?.imageURL, content?.appDetail?.cdnpath, platform.apiOrigin()),
    /** storeLogo '2' picks the second logo style; anything else the first. */
    logoStyle: content?.storeLogo === '2' ? 2 : 1,
    menu,
    openSubMenu,
    account: useAccountEntry(),
    showCart: config.enableCheckout === true,
    cartBadge: cartBadge(itemCount),
    chooser: useLanguageCurrency(),
    store: useCurrentStore(),
    sideMenuOpen,
    homeUrl: HOME_PATH,
    openSearch: () => platform.navigate(SEARCH_URL),
    cartUrl: cartActionUrl(route.path, route.params),
    toggleSideMenu: () => useUi.getState().setSideMenu(!sideMenuOpen),
    toggleSubMenu: (index: number) => setOpenSubMenu((open) => toggleSubMenu(open, index)),
    closeSubMenu: () => setOpenSubMenu(null)
  }
}
