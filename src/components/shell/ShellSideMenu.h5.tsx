import { lazy, Suspense } from 'react'
import { useUi } from '@/stores/ui'

// Fetched the first time the shopper opens the menu, never with the first page.
const SideMenu = lazy(() => import('./SideMenu').then((m) => ({ default: m.SideMenu })))

/**
 * H5: the side menu is a chunk of its own (with the footer's menus, social icons and powered-by it
 * shares with the footer, see ShellFooter.h5.tsx), fetched when first opened. It renders nothing
 * while closed.
 */
export function ShellSideMenu() {
  const open = useUi((s) => s.sideMenuOpen)
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <SideMenu />
    </Suspense>
  )
}
