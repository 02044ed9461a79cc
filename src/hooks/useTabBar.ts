/** Spec §2 Mobile footer tab bar: the fixed tabs, or the configured footerTabs when they apply. */
import { cartActionUrl } from '@/domain/cartAction'
import { cartBadge, DEFAULT_TABS, footerTabTarget, hasConfiguredFooter, isTabActive, reachableTabTarget, type TabTarget } from '@/domain/footerTabs'
import { imageUrl } from '@shared/imageUrl'
import type { IconName } from '@/components/shell/Icons'
import { localizedName } from '@/domain/menus'
import { useRoute } from '@/hooks/useRoute'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import { useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { useLocale } from '@/stores/locale'
import { useUi } from '@/stores/ui'

/** An image of a configured tab, or an icon of the store's icon set (components/shell/Icons). */
export type TabIcon = { kind: 'image'; url: string } | { kind: 'icon'; name: IconName }

export interface TabView {
  key: string
  label: string
  icon: TabIcon
  active: boolean
  badge: string | null
  /** Display-only tabs (configured without a link) are not buttons. */
  tappable: boolean
  target: TabTarget
  /** The page a tab opens (a route, the cart): a link to it; null for a tab that acts (support, a host page) or does nothing. */
  href: string | null
  /** The support tab is the host's customer-service button (WeChat): the tap itself opens the conversation. */
  conversation: boolean
}

/** Configured icons are image paths or icon names. */
function isImagePath(icon: string | undefined): icon is string {
  return !!icon && (/^https?:\/\//i.test(icon) || /\.(png|jpe?g|gif|svg|webp)(\?.*)?$/i.test(icon))
}

/** Configured icon names (and the default tabs' ids) → the icon set's names; unknown names get a dot. */
const ICON_NAMES: Record<string, IconName> = {
  home: 'home',
  shop: 'shop',
  store: 'shop',
  search: 'search',
  cart: 'cart',
  user: 'user',
  account: 'user',
  message: 'chat',
  chat: 'chat',
  clock: 'clock',
  coffee: 'coffee',
  tag: 'tag',
  gift: 'gift',
  phone: 'phone',
  support: 'support',
  live: 'live'
}

function tabIcon(icon: string | undefined, cdnPath: string | undefined): TabIcon {
  if (isImagePath(icon)) return { kind: 'image', url: imageUrl(icon, cdnPath, platform.apiOrigin()) }
  return { kind: 'icon', name: ICON_NAMES[(icon ?? '').trim().toLowerCase()] ?? 'dot' }
}

export function useTabBar() {
  const t = useT()
  const content = useAppInfo((s) => s.info?.appContent)
  const openModal = useUi((s) => s.openModal)
  const language = useLocale((s) => s.language)
  const itemCount = useCart((s) => s.cart?.itemCount ?? 0)
  const route = useRoute()
  const configuredTabs = content?.navigation?.footerTabs ?? []
  const configured = hasConfiguredFooter({ styling: content?.css, language, tabs: configuredTabs })

  const environment = platform.environment()
  const where = {
    canOpenMiniProgramPages: environment.miniProgram || environment.weChatMiniProgramWebView || environment.alipayMiniProgramWebView
  }

  const tabs: TabView[] = configured
    ? configuredTabs.map((tab, index) => {
        const target = reachableTabTarget(footerTabTarget(tab.link), where)
        return {
          key: `configured-${index}`,
          label: localizedName(tab, language),
          icon: tabIcon(tab.icon, content?.appDetail?.cdnpath),
          active: isTabActive(tab, route.path, route.params),
          badge: target.kind === 'cart' ? cartBadge(itemCount) : null,
          tappable: target.kind !== 'none',
          target,
          href: tabHref(target),
          conversation: target.kind === 'support' && platform.support === 'conversation'
        }
      })
    : DEFAULT_TABS.map((tab) => ({
        key: tab.id,
        label: t(tab.labelKey),
        icon: tabIcon(tab.id, undefined),
        active: tab.id !== 'support' && isTabActive(tab.id, route.path, route.params),
        badge: tab.badge ? cartBadge(itemCount) : null,
        tappable: true,
        // Spec: the fixed Cart tab is /checkout; the cart action (campaign cart on group-campaign pages) is the header's.
        target: tab.target,
        href: tabHref(tab.target),
        conversation: tab.id === 'support' && platform.support === 'conversation'
      }))

  function tabHref(target: TabTarget): string | null {
    if (target.kind === 'route') return target.url
    if (target.kind === 'cart') return cartActionUrl(route.path, route.params)
    return null
  }

  /** The sheet where the platform has one; elsewhere the contact page (a conversation opens only from its own button). */
  function support() {
    if (platform.support === 'sheet') openModal('support')
    else platform.navigate('/contact')
  }

  /** A tab that acts instead of opening a page (the others are links to their `href`). */
  function open(target: TabTarget) {
    if (target.kind === 'miniProgram') {
      // A host page (the seeded Chat tab's messenger) exists only inside its mini-program; elsewhere the tab is
      // not dead: it offers the store's support instead.
      void platform.openMiniProgramPage(target.path).then((opened) => {
        if (!opened) support()
      })
    } else if (target.kind === 'support') {
      support()
    }
  }

  return { tabs, open }
}
