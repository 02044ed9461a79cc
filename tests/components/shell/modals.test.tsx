import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { LanguageCurrencyModal } from '@/components/shell/LanguageCurrencyModal'
import { LocationModal } from '@/components/shell/LocationModal'
import type { Language } from '@/i18n'
import { useCurrency } from '@/stores/currency'
import { useLocale } from '@/stores/locale'
import { useLocation } from '@/stores/location'
import { useUi } from '@/stores/ui'
import { appInfoFixture, withAppContent, withConfig, withPayment } from '../../support/fixtures/appInfo'
import { fail, mockHttp } from '../../support/mockHttp'
import { navigations, testControl } from '../../support/taroMock'
import { LANGS, resetStores, setUrl } from './shellTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: { chooser: 'language / currency', language: 'Language', currency: 'Currency', apply: 'Apply', close: 'Close', location: 'Choose the Location', back: 'All provinces', current: 'Current store', vancouver: 'Vancouver Downtown', richmond: 'Richmond Centre', toronto: 'Toronto Queen West', bc: 'British Columbia', on: 'Ontario', twoStores: '2 stores ›', failed: 'Could not change the store: Store is closed today' },
  zh: { chooser: '语言 / 货币', language: '语言', currency: '货币', apply: '确定', close: '关闭', location: '选择门店位置', back: '全部省份', current: '当前门店', vancouver: '温哥华市中心店', richmond: '列治文中心店', toronto: '多伦多皇后西店', bc: '不列颠哥伦比亚省', on: '安大略省', twoStores: '2 家门店 ›', failed: '无法切换门店：Store is closed today' }
}
const OTHER: Record<Language, Language> = { en: 'zh', zh: 'en' }
const LANGUAGE_NAME: Record<Language, string> = { en: 'English', zh: '中文' }

function open(modal: 'languageCurrency' | 'location') {
  act(() => useUi.getState().openModal(modal))
}

beforeEach(() => setUrl('/'))

describe.each(LANGS)('language/currency modal (%s)', (lang) => {
  const text = TEXT[lang]
  const other = OTHER[lang]

  it("with a currency list: 'language / currency' chooser; Apply sets both and closes", async () => {
    resetStores(appInfoFixture(), lang)
    const net = mockHttp({ [`GET /common3/changeLocale/${other}`]: { currentLocale: other, applicationMessage: { messages: {} } } })
    const { container } = render(<LanguageCurrencyModal />)
    expect(container.querySelector('.modal-frame')).toBeNull()
    open('languageCurrency')
    expect(screen.getByText(text.chooser)).toBeInTheDocument()
    expect(screen.getByText(text.language)).toBeInTheDocument()
    expect(screen.getByText(text.currency)).toBeInTheDocument()
    const currencies = Array.from(container.querySelectorAll('.modal-frame__field')[1].querySelectorAll('.modal-frame__option')).map((el) => el.textContent)
    expect(currencies).toEqual(['CAD', 'USD', 'CNY'])

    fireEvent.click(screen.getByText(LANGUAGE_NAME[other]))
    fireEvent.click(screen.getByText('USD'))
    // Nothing changes before Apply.
    expect(useLocale.getState().language).toBe(lang)
    expect(useCurrency.getState().current).toBe('CAD')
    fireEvent.click(screen.getByText(text.apply))

    expect(useUi.getState().modal).toBeNull()
    expect(container.querySelector('.modal-frame')).toBeNull()
    expect(useLocale.getState().language).toBe(other)
    expect(useCurrency.getState().current).toBe('USD')
    expect(testControl.storage.get('istore.currency')).toBe('USD')
    await waitFor(() => expect(net.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET /common3/changeLocale/${other}`]))
  })

  it("the labels are the store's own when app info `labels` words them (per language)", () => {
    const labels = { languageLabel: { en: 'Shop in', zh: '购物语言' }, currencyLabel: { en: 'Prices in', zh: '价格货币' } }
    resetStores(withAppContent(appInfoFixture(), { labels }), lang)
    render(<LanguageCurrencyModal />)
    open('languageCurrency')
    expect(screen.getByText(labels.languageLabel[lang])).toBeInTheDocument()
    expect(screen.getByText(labels.currencyLabel[lang])).toBeInTheDocument()
    expect(screen.queryByText(text.language)).toBeNull()
  })

  it('closing without Apply changes nothing', () => {
    resetStores(appInfoFixture(), lang)
    const net = mockHttp({})
    render(<LanguageCurrencyModal />)
    open('languageCurrency')
    fireEvent.click(screen.getByText('CNY'))
    fireEvent.click(screen.getByLabelText(text.close))
    expect(useUi.getState().modal).toBeNull()
    expect(useCurrency.getState().current).toBe('CAD')
    expect(net.calls).toEqual([])
  })

  it('one supported language: only the currency choice', () => {
    resetStores(withConfig(appInfoFixture(), { supportedLanguages: [lang] }), lang)
    render(<LanguageCurrencyModal />)
    open('languageCurrency')
    expect(screen.getByText(text.currency)).toBeInTheDocument()
    expect(screen.queryByText(text.language)).toBeNull()
    expect(screen.queryByText(LANGUAGE_NAME[other])).toBeNull()
  })

  it('without a currency list: a language toggle that switches at once', async () => {
    resetStores(withPayment(appInfoFixture(), { exchangeCurrencies: [] }), lang)
    const net = mockHttp({ [`GET /common3/changeLocale/${other}`]: { currentLocale: other, applicationMessage: { messages: {} } } })
    render(<LanguageCurrencyModal />)
    open('languageCurrency')
    expect(screen.queryByText(text.chooser)).toBeNull()
    expect(screen.queryByText(text.currency)).toBeNull()
    expect(screen.queryByText(text.apply)).toBeNull()
    fireEvent.click(screen.getByText(LANGUAGE_NAME[other]))
    expect(useLocale.getState().language).toBe(other)
    expect(useUi.getState().modal).toBeNull()
    await waitFor(() => expect(net.calls).toHaveLength(1))
  })
})

describe.each(LANGS)('location modal (%s)', (lang) => {
  const text = TEXT[lang]

  it("'Choose the Location': provinces of displayed, non-virtual stores, then that province's stores", () => {
    resetStores(appInfoFixture(), lang)
    const { container } = render(<LocationModal />)
    open('location')
    expect(screen.getByText(text.location)).toBeInTheDocument()
    const provinces = Array.from(container.querySelectorAll('.location__row .location__name')).map((el) => el.textContent)
    // AB has only a hidden and a virtual store.
    expect(provinces).toEqual([text.bc, text.on])
    expect(container.querySelector('.location__row .location__count')).toHaveTextContent(text.twoStores)
    fireEvent.click(screen.getByText(text.bc))
    const stores = Array.from(container.querySelectorAll('.location__store .location__name')).map((el) => el.textContent)
    expect(stores).toHaveLength(2)
    expect(stores).toEqual(expect.arrayContaining([text.vancouver, text.richmond]))
    // The server's current store (appDetail.locid) is highlighted.
    const selected = container.querySelector('.location__store--selected')
    expect(selected).toHaveTextContent(text.vancouver)
    expect(selected).toHaveTextContent(text.current)
    fireEvent.click(screen.getByText(`‹ ${text.back}`))
    expect(screen.getByText(text.on)).toBeInTheDocument()
  })

  it('choosing a store calls setSelectedStoreLocation, keeps the choice and follows landingPageUrl', async () => {
    resetStores(appInfoFixture(), lang)
    const net = mockHttp({
      'POST /common3/setSelectedStoreLocation': { landingPageUrl: '/store/productlist?cat=richmond', id: 'loc-ric', localStoreName: 'Richmond Centre' }
    })
    const { container } = render(<LocationModal />)
    open('location')
    fireEvent.click(screen.getByText(text.bc))
    fireEvent.click(screen.getByText(text.richmond))
    await waitFor(() => expect(useUi.getState().modal).toBeNull())
    expect(net.calls).toHaveLength(1)
    expect(net.calls[0].body).toEqual({ id: 'loc-ric' })
    expect(useLocation.getState().selected).toEqual({ id: 'loc-ric', name: text.richmond })
    expect(testControl.storage.get('istore.location')).toEqual({ id: 'loc-ric', name: text.richmond })
    expect(navigations).toEqual([{ kind: 'navigateTo', url: '/store/productlist?cat=richmond' }])

    // Opened again, the chosen store is the highlighted one.
    open('location')
    fireEvent.click(screen.getByText(text.bc))
    expect(container.querySelector('.location__store--selected')).toHaveTextContent(text.richmond)
  })

  it('with an empty landingPageUrl the shopper stays on the page', async () => {
    resetStores(appInfoFixture(), lang)
    mockHttp({ 'POST /common3/setSelectedStoreLocation': { landingPageUrl: '', id: 'loc-tor', localStoreName: 'Toronto Queen West' } })
    render(<LocationModal />)
    open('location')
    fireEvent.click(screen.getByText(text.on))
    fireEvent.click(screen.getByText(text.toronto))
    await waitFor(() => expect(useLocation.getState().selected?.id).toBe('loc-tor'))
    expect(navigations).toEqual([])
  })

  it('a failed change shows the error, keeps the modal open and the previous store', async () => {
    resetStores(appInfoFixture(), lang)
    mockHttp({ 'POST /common3/setSelectedStoreLocation': fail(409, 'Store is closed today') })
    const { container } = render(<LocationModal />)
    open('location')
    fireEvent.click(screen.getByText(text.bc))
    fireEvent.click(screen.getByText(text.richmond))
    expect(await screen.findByText(text.failed)).toBeInTheDocument()
    expect(useUi.getState().modal).toBe('location')
    expect(useLocation.getState().selected).toBeNull()
    expect(container.querySelector('.location__store--selected')).toHaveTextContent(text.vancouver)
    expect(navigations).toEqual([])
  })
})
