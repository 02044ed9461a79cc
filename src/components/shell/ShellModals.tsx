import { LanguageCurrencyModal } from './LanguageCurrencyModal'
import { LocationModal } from './LocationModal'
import { PromoPopup } from './PromoPopup'

/**
 * The shell's modals and pop-ups (each renders nothing while closed). Mini-programs: all in the main
 * package (no code splitting there); not the support sheet, which only H5 opens (platform.support), nor the
 * add-to-home prompt, which only a browser offers (platform.installPrompt). H5 (ShellModals.h5.tsx) loads the
 * modals when first opened.
 */
export function ShellModals() {
  return (
    <>
      <LanguageCurrencyModal />
      <LocationModal />
      <PromoPopup />
    </>
  )
}
