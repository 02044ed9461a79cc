import type { CSSProperties, PropsWithChildren, ReactNode } from 'react'
import { View } from '@tarojs/components'
import { OfflineNotice } from '@/components/common/OfflineNotice'
import { SandboxMark } from '@/components/common/SandboxMark'
import { useShell } from '@/hooks/useShell'
import { Header } from './Header'
import { ShellFooter } from './ShellFooter'
import { ShellModals } from './ShellModals'
import { PrivacyPrompt } from './PrivacyPrompt'
import { ShellSideMenu } from './ShellSideMenu'
import { SkipLink } from './SkipLink'
import { TabBar } from './TabBar'
import './Shell.scss'

/**
 * Everything a shopper sees around every page: header, side menu, footer, tab bar, modals.
 * It renders with built-in fallbacks when app info failed to load; where the platform waits for app info
 * (platform.waitsForAppInfo), nothing until it has answered. `title` names the page (the store's name alone
 * on home) in the title bar or browser tab. A focused page (checkout) is a step to finish, not a place to browse
 * from: its own slim `focusedHeader` (kept in the page's own package) and no menu, footer, tab bar or pop-ups; the
 * room kept for the tab bar on phones then holds the page's own bottom bar. `bottomBar`: the page has a bar of its own
 * at the foot of a phone's screen: 'onTabBar' stands on the tab bar (the cart's total and Checkout), and the page keeps
 * room for both; 'insteadOfTabBar' takes the tab bar's place on the web, which the shell then leaves out (the product
 * page's buy bar, with the cart in it, as JD's and Taobao's product pages do: issue 42 n-16). The mini-programs keep
 * their tab bar on every page, as their hosts' own tab bars stay: the bar stands on it there.
 */
export function Shell({
  title,
  focusedHeader,
  bottomBar,
  children
}: PropsWithChildren<{ title?: string; focusedHeader?: ReactNode; bottomBar?: 'onTabBar' | 'insteadOfTabBar' }>) {
  const shell = useShell(title)
  // The mini-programs' first page waits (blank, like their launch screen) for app info rather than show the defaults.
  if (!shell.appInfoSettled) return <View className="shell shell--starting" />
  const barAlone = bottomBar === 'insteadOfTabBar' && !shell.miniProgram
  const barOnTabBar = !!bottomBar && !barAlone
  return (
    <View className={`shell${shell.miniProgram ? ' shell--mini-program' : ''}${barOnTabBar ? ' shell--bottom-bar' : ''}${barAlone ? ' shell--bar-alone' : ''}`} style={shell.themeVariables as CSSProperties}>
      <SkipLink />
      {shell.showHeader && (focusedHeader || <Header />)}
      {!focusedHeader && <ShellSideMenu />}
      <SandboxMark />
      <OfflineNotice />
      <PrivacyPrompt />
      <View className="shell__main" role="main" id="main">
        {/* The page's name as its one level-one heading: text for screen readers and crawlers, not shown (the page
            shows it in its own way). */}
        <View className="shell__heading" role="heading" aria-level={1}>
          {shell.heading}
        </View>
        {children}
      </View>
      {!focusedHeader && (
        <>
          <ShellFooter />
          {!barAlone && <TabBar />}
          <ShellModals />
        </>
      )}
    </View>
  )
}
