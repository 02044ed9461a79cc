import {
  chooserKind,
  clearsStoredPrompt,
  installPromptAllowedOn,
  INSTALL_BANNER_MS,
  installPrompt,
  InstallPromptEvent,
  InstallPromptState,
  showLanguageCurrencyChooser,
  showPromoPopup
} from '@/domain/modals'

describe('spec "Shown when more than one language or a non-empty currency list"', () => {
  it.each([
    [['en', 'zh'], [], true],
    [['en'], [{ code: 'USD' }], true],
    [['en'], [], false],
    [[], [], false],
    [['en'], null, false],
    [undefined, undefined, false],
    [['en', 'zh', 'fr'], undefined, true]
  ])('languages %j, currencies %j → %p', (languages, currencies, shown) => {
    expect(showLanguageCurrencyChooser(languages, currencies)).toBe(shown)
  })
})

describe('spec "With a currency list: chooser labelled \'language / currency\'; otherwise a language toggle"', () => {
  it.each([
    [[{ code: 'USD' }], 'languageCurrency'],
    [[], 'languageToggle'],
    [null, 'languageToggle'],
    [undefined, 'languageToggle']
  ])('%j → %s', (currencies, kind) => {
    expect(chooserKind(currencies)).toBe(kind)
  })
})

describe('spec "Promo pop-up shown only when promo flag on, the store is a particular partner type, and a display check passes"', () => {
  it.each([
    [{ promoFlag: true, partnerType: 'JINWAI', displayCheck: true }, true],
    [{ promoFlag: false, partnerType: 'JINWAI', displayCheck: true }, false],
    [{ promoFlag: true, partnerType: 'OTHER', displayCheck: true }, false],
    [{ promoFlag: true, partnerType: 'jinwai', displayCheck: true }, false],
    [{ promoFlag: true, partnerType: 'JINWAI', displayCheck: false }, false],
    [{ promoFlag: true, partnerType: 'JINWAI' }, false],
    [{}, false]
  ])('%o → %p', (input, shown) => {
    expect(showPromoPopup(input)).toBe(shown)
  })
})

describe('spec "Banner form then icon form (banner 3 seconds, then icon). On accept or dismiss both hide and the stored install prompt is cleared"', () => {
  it('banner lasts 3 seconds', () => {
    expect(INSTALL_BANNER_MS).toBe(3000)
  })

  it.each<[InstallPromptState, InstallPromptEvent, InstallPromptState]>([
    ['hidden', 'available', 'banner'],
    ['banner', 'available', 'banner'],
    ['icon', 'available', 'icon'],
    ['banner', 'bannerTimeout', 'icon'],
    ['hidden', 'bannerTimeout', 'hidden'],
    ['icon', 'bannerTimeout', 'icon'],
    ['banner', 'accept', 'hidden'],
    ['icon', 'accept', 'hidden'],
    ['banner', 'dismiss', 'hidden'],
    ['icon', 'dismiss', 'hidden'],
    ['hidden', 'dismiss', 'hidden']
  ])('%s + %s → %s', (state, event, next) => {
    expect(installPrompt(state, event)).toBe(next)
  })

  it.each<[InstallPromptEvent, boolean]>([
    ['accept', true],
    ['dismiss', true],
    ['available', false],
    ['bannerTimeout', false]
  ])('%s clears the stored prompt: %p', (event, clears) => {
    expect(clearsStoredPrompt(event)).toBe(clears)
  })

  it('runs the whole sequence: available → banner → (3 s) icon → dismiss → hidden', () => {
    const events: InstallPromptEvent[] = ['available', 'bannerTimeout', 'dismiss', 'bannerTimeout']
    expect(events.reduce<InstallPromptState>(installPrompt, 'hidden')).toBe('hidden')
    const shown: InstallPromptEvent[] = ['available', 'bannerTimeout']
    expect(shown.reduce<InstallPromptState>(installPrompt, 'hidden')).toBe('icon')
  })
})

// Issue 42 n-8: the install icon floated over the cart's tax and total.
describe('the add-to-home prompt waits on the money path', () => {
  it.each([
    ['/', true],
    ['/store/product/1003', true],
    ['/user/list', true],
    ['/checkout/cart', false],
    ['/checkout', false],
    ['/checkout/campaignCart', false],
    ['/confirmation', false],
    ['/checkoutx', true]
  ])('%s → %p', (path, shown) => expect(installPromptAllowedOn(path)).toBe(shown))
})
