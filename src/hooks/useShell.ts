/** What the shell around every page needs to know before it renders its parts. */
import { useEffect, useMemo } from 'react'
import { useDidShow } from '@tarojs/taro'
import type { AppConfig } from '@/api/appInfo'
import { pageTitle } from '@/domain/pageTitle'
import { headerVisible } from '@/domain/userAgent'
import { platform } from '@/platform'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useStoreName } from '@/hooks/useShellAccount'
import { useT } from '@/hooks/useT'
import { useAppInfo } from '@/stores/appInfo'
import { useLocale } from '@/stores/locale'

/**
 * App info css (e.g. varFooter, varPrimary) as CSS custom properties (--varFooter, --varPrimary) on the shell root,
 * so every shell style reads the store's theme with a built-in fallback.
 */
function cssVariables(css: Record<string, string> | undefined): Record<string, string> {
  const vars: Record<string, string> = {}
  for (const [name, value] of Object.entries(css ?? {})) {
    if (typeof value !== 'string' || !value.trim()) continue
    vars[name.startsWith('--') ? name : `--${name}`] = value.trim()
  }
  return vars
}

/**
 * Tells the platform which page is shown, again whenever the shopper comes back to it. Returns the page's heading
 * (its title, or the store's name on home).
 */
function useDescribePage(title: string | undefined): string {
  const t = useT()
  const language = useLocale((s) => s.language)
  const storeName = useStoreName(t('header.storeFallback'))
  const full = pageTitle(title, storeName)
  const imageUrl = useImageUrl()
  const favicon = useAppInfo((s) => s.info?.appContent.favicon?.imageURL)
  const icon = favicon ? imageUrl(favicon) || undefined : undefined
  useEffect(() => platform.describePage({ title: full, language, icon }), [full, language, icon])
  useDidShow(() => platform.describePage({ title: full, language, icon }))
  return title || storeName
}

export function useShell(title?: string) {
  const heading = useDescribePage(title)
  const content = useAppInfo((s) => s.info?.appContent)
  const env = useMemo(() => platform.environment(), [])
  const themeVariables = useMemo(() => cssVariables(content?.css), [content?.css])
  // The first load only: a later reload (app info already in hand) keeps the page on screen.
  const starting = useAppInfo((s) => s.info === null && (s.status === 'idle' || s.status === 'loading'))
  return {
    appInfoSettled: !(platform.waitsForAppInfo && starting),
    heading,
    showHeader: headerVisible(platform.headerDeviceKind(content?.appDetail), content?.headerControl),
    themeVariables,
    miniProgram: env.miniProgram
  }
}

const NO_CONFIG: AppConfig = {}

/**
 * system.appConfig, or an empty one while app info is missing. Selected by reference: a selector that
 * builds a new fallback object on every call would make the store re-render forever.
 */
export function useAppConfig(): AppConfig {
  return useAppInfo((s) => s.info?.appContent.system.appConfig) ?? NO_CONFIG
}
