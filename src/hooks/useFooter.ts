/** Spec §2 Footer: menus, social and payment icons, footer logo, copyright, 'PWA POWERED BY'. */
import { useMemo } from 'react'
import { copyrightLine, copyrightText, paymentIcons, poweredBy, socialLinks } from '@/domain/footer'
import { footerLogoUrl } from '@shared/imageUrl'
import { useMenuEntries } from '@/hooks/useMenuEntries'
import { useStoreName } from '@/hooks/useShellAccount'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import { useAppConfig } from '@/hooks/useShell'
import { useAppInfo } from '@/stores/appInfo'
import { useLocale } from '@/stores/locale'

export function useFooter() {
  const t = useT()
  const content = useAppInfo((s) => s.info?.appContent)
  const language = useLocale((s) => s.language)
  const env = useMemo(() => platform.environment(), [])
  const storeName = useStoreName(t('header.storeFallback'))

  return {
    menu: useMenuEntries(content?.navigation?.footerMenu, language),
    social: socialLinks(content?.system.social),
    payments: paymentIcons(content?.system.payment, env),
    logoUrl: footerLogoUrl(content?.footerLogo?.imageURL, content?.appDetail?.cdnpath, platform.apiOrigin()),
    storeName,
    copyright: copyrightText(copyrightLine(new Date().getFullYear(), storeName), t('footer.rights'))
  }
}

/** The 'PWA POWERED BY' bar, shared by the footer and the side menu. */
export function usePoweredBy() {
  const t = useT()
  const config = useAppConfig()
  const env = useMemo(() => platform.environment(), [])
  return { poweredBy: poweredBy(config, env, t('footer.defaultProvider')) }
}
