import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { platform } from '@/platform'
import { useUi } from '@/stores/ui'

// Each fetched only when there is something to show, never with the first page.
const LanguageCurrencyModal = lazy(() => import('./LanguageCurrencyModal').then((m) => ({ default: m.LanguageCurrencyModal })))
const LocationModal = lazy(() => import('./LocationModal').then((m) => ({ default: m.LocationModal })))
const SupportSheet = lazy(() => import('./SupportSheet').then((m) => ({ default: m.SupportSheet })))
const AddToHome = lazy(() => import('./AddToHome').then((m) => ({ default: m.AddToHome })))
const PromoPopup = lazy(() => import('./PromoPopup').then((m) => ({ default: m.PromoPopup })))

/** True once the browser has offered to install the app (the offer is kept, so this sees an earlier one too). */
function useInstallOffered(): boolean {
  const [offered, setOffered] = useState(false)
  useEffect(() => platform.installPrompt?.()?.onAvailable(() => setOffered(true)), [])
  return offered
}

/**
 * H5: the language/currency and location modals and the support sheet are chunks loaded when opened; the add-to-home prompt
 * when the browser offers installation; the promo pop-up only inside WeChat (its offer is a WeChat
 * mini-program page, PromoPopup decides the rest). Mini-programs render them all (ShellModals.tsx).
 */
export function ShellModals() {
  const modal = useUi((s) => s.modal)
  const installOffered = useInstallOffered()
  const inWeChat = useMemo(() => {
    const env = platform.environment()
    return env.weChatMiniProgram || env.weChatMiniProgramWebView
  }, [])
  // One boundary each: one of them loading never hides another already shown.
  return (
    <>
      {modal === 'languageCurrency' && (
        <Suspense fallback={null}>
          <LanguageCurrencyModal />
        </Suspense>
      )}
      {modal === 'location' && (
        <Suspense fallback={null}>
          <LocationModal />
        </Suspense>
      )}
      {modal === 'support' && (
        <Suspense fallback={null}>
          <SupportSheet />
        </Suspense>
      )}
      {installOffered && (
        <Suspense fallback={null}>
          <AddToHome />
        </Suspense>
      )}
      {inWeChat && (
        <Suspense fallback={null}>
          <PromoPopup />
        </Suspense>
      )}
    </>
  )
}
