/** Spec §2 promo pop-up: a red-pack button toggling a WeChat Pay offers bar that opens the promotion mini-program page. */
import { useMemo, useState } from 'react'
import { PROMO_MINI_PROGRAM_PAGE, showPromoPopup } from '@/domain/modals'
import { platform } from '@/platform'
import { useAppConfig } from '@/hooks/useShell'
import { useAppInfo } from '@/stores/appInfo'

export function usePromo() {
  const config = useAppConfig()
  const partnerType = useAppInfo((s) => s.info?.appContent.appDetail?.partnerType)
  const env = useMemo(() => platform.environment(), [])
  const [barOpen, setBarOpen] = useState(false)
  const canOpenPromotion = config.enableWeChatMiniProgramPromotion === true
  return {
    visible: showPromoPopup({
      promoFlag: config.enablePromotion,
      partnerType,
      // Display check: the offer is a WeChat mini-program page, so only where such a page can open.
      displayCheck: env.weChatMiniProgram || env.weChatMiniProgramWebView
    }),
    barOpen,
    canOpenPromotion,
    toggleBar: () => setBarOpen((open) => !open),
    openPromotion() {
      if (canOpenPromotion) void platform.openMiniProgramPage(PROMO_MINI_PROGRAM_PAGE)
    }
  }
}
