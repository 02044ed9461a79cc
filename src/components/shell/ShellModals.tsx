import { AddToHome } from './AddToHome'
import { LanguageCurrencyModal } from './LanguageCurrencyModal'
import { LocationModal } from './LocationModal'
import { PromoPopup } from './PromoPopup'

/**
 * The shell's modals and pop-ups (each renders nothing while closed). Mini-programs: all in the main
 * package (no code splitting there). H5 (ShellModals.h5.tsx) loads the two modals when first opened.
 */
export function ShellModals() {
  return (
    <>
      <LanguageCurrencyModal />
      <LocationModal />
      <AddToHome />
      <PromoPopup />
    </>
  )
}
