import { lazy, Suspense } from 'react'
import { useUi } from '@/stores/ui'
import { AddToHome } from './AddToHome'
import { PromoPopup } from './PromoPopup'

// Fetched the first time the shopper opens them, never with the first page.
const LanguageCurrencyModal = lazy(() => import('./LanguageCurrencyModal').then((m) => ({ default: m.LanguageCurrencyModal })))
const LocationModal = lazy(() => import('./LocationModal').then((m) => ({ default: m.LocationModal })))

/**
 * H5: the language/currency and location modals are separate chunks loaded when opened. The
 * add-to-home prompt and the promo pop-up stay in the shell: they show by themselves (on the
 * browser's install offer, in WeChat) without a click to wait for, and weigh about 1 KB each.
 */
export function ShellModals() {
  const modal = useUi((s) => s.modal)
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
      <AddToHome />
      <PromoPopup />
    </>
  )
}
