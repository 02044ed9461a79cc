/** Spec §2 Side menu: account entry, language/currency line, menu with one open sub-menu, social icons. */
import { useState } from 'react'
import { socialLinks } from '@/domain/footer'
import { toggleSubMenu } from '@/domain/menus'
import { useLanguageCurrency } from '@/hooks/useLanguageCurrency'
import { useMenuEntries } from '@/hooks/useMenuEntries'
import { useAccountEntry } from '@/hooks/useShellAccount'
import { useAppInfo } from '@/stores/appInfo'
import { useLocale } from '@/stores/locale'
import { useUi } from '@/stores/ui'

export function useSideMenu() {
  const isOpen = useUi((s) => s.sideMenuOpen)
  const content = useAppInfo((s) => s.info?.appContent)
  const language = useLocale((s) => s.language)
  // Side-menu truncation limits are not given by the spec: labels are shown whole and wrap.
  const menu = useMenuEntries(content?.navigation?.sideMenu, language)
  const [openSubMenu, setOpenSubMenu] = useState<number | null>(null)
  const close = () => useUi.getState().setSideMenu(false)

  return {
    isOpen,
    account: useAccountEntry(),
    chooser: useLanguageCurrency(),
    menu,
    openSubMenu,
    social: socialLinks(content?.system.social),
    close,
    toggleSubMenu: (index: number) => setOpenSubMenu((open) => toggleSubMenu(open, index))
  }
}
