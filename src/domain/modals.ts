/** Spec §2 language/currency modal, add-to-home prompt, promo pop-up. */
export function showLanguageCurrencyChooser(
  supportedLanguages: readonly string[] | null | undefined,
  currencyList: readonly unknown[] | null | undefined
): boolean {
  return (supportedLanguages?.length ?? 0) > 1 || (currencyList?.length ?? 0) > 0
}

/** With a currency list: chooser labelled 'language / currency'; otherwise a language toggle. */
export function chooserKind(currencyList: readonly unknown[] | null | undefined): 'languageCurrency' | 'languageToggle' {
  return (currencyList?.length ?? 0) > 0 ? 'languageCurrency' : 'languageToggle'
}

/** The spec's "particular partner type". */
export const PROMO_PARTNER_TYPE = 'JINWAI'
export const PROMO_MINI_PROGRAM_PAGE = '/pages/jinwaiPromotion/promotion'

/** Shown only when promo flag on, the store is the promo partner type, and a display check passes. */
export function showPromoPopup(p: { promoFlag?: boolean; partnerType?: string; displayCheck?: boolean }): boolean {
  return p.promoFlag === true && p.partnerType === PROMO_PARTNER_TYPE && p.displayCheck === true
}

export const INSTALL_BANNER_MS = 3000
export type InstallPromptState = 'hidden' | 'banner' | 'icon'
export type InstallPromptEvent = 'available' | 'bannerTimeout' | 'accept' | 'dismiss'

/**
 * Add-to-home prompt: 'available' shows the banner (from hidden only), the 3-second timeout turns the banner
 * into the icon (a late timeout never revives a hidden prompt), accept/dismiss hide it.
 */
export function installPrompt(state: InstallPromptState, event: InstallPromptEvent): InstallPromptState {
  switch (event) {
    case 'available':
      return state === 'hidden' ? 'banner' : state
    case 'bannerTimeout':
      return state === 'banner' ? 'icon' : state
    case 'accept':
    case 'dismiss':
      return 'hidden'
    default:
      return state
  }
}

/** On accept or dismiss the caller clears the stored install prompt. */
export function clearsStoredPrompt(event: InstallPromptEvent): boolean {
  return event === 'accept' || event === 'dismiss'
}

/**
 * Pages where the add-to-home prompt waits: the cart and the rest of the money path (issue 42 n-8: its floating icon
 * covered the cart's tax and total). It comes back on the next page.
 */
export function installPromptAllowedOn(path: string): boolean {
  return !/^\/checkout(\/|$)/.test(path) && !/^\/confirmation/.test(path)
}
