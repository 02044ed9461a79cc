/**
 * Display currency (spec §3 client state). The base currency is what is charged; others are shown converted. The base is
 * the shop's (app info's payment.defaultCurrency): nothing here assumes one. Until app info has come it is '' (unknown),
 * and every amount is shown in the currency it came with, unconverted; the moment app info is stored the base is the
 * shop's, before anything renders with it.
 */
import { create } from 'zustand'
import { appInfoApi } from '@/api/appInfo'
import { platform } from '@/platform'
import { useAppInfo } from './appInfo'

const KEY = 'istore.currency'

interface CurrencyState {
  /** The shop's currency; '' until app info names it. */
  base: string
  /** The shopper's display currency; '' until the base is known (a saved choice counts once its rate is known). */
  current: string
  rates: Record<string, number>
  init(base: string): Promise<void>
  setCurrency(currency: string): void
}

/** The shop's currency as app info names it, or ''. */
const shopCurrency = () => useAppInfo.getState().info?.appContent.system.payment?.defaultCurrency?.currencyType ?? ''

export const useCurrency = create<CurrencyState>((set, get) => ({
  base: shopCurrency(),
  current: shopCurrency() ? (platform.storage.get<string>(KEY) ?? shopCurrency()) : '',
  rates: {},
  async init(base) {
    set({ base, current: platform.storage.get<string>(KEY) ?? base })
    try {
      const res = await appInfoApi.exchangeRates()
      set({ rates: res.rates ?? {} })
    } catch (err) {
      console.error('Exchange rates failed to load; showing the base currency', err)
      set({ current: base })
    }
    if (get().current !== base && !get().rates[get().current]) set({ current: base })
  },
  /** Also refreshes the chosen currency's rate (spec §7 exchange-rate fetch for a chosen currency); a failure keeps the known one. */
  setCurrency(currency) {
    set({ current: currency })
    platform.storage.set(KEY, currency)
    if (currency === get().base) return
    appInfoApi.exchangeRate(currency).then(
      (r) => r.base === get().base && r.rate > 0 && set((s) => ({ rates: { ...s.rates, [currency]: r.rate } })),
      () => undefined
    )
  }
}))

// App info stored (at start-up, or again): the base is the shop's at once, in the same update React renders, so no
// amount is ever shown in a currency that is not the shop's. init() then loads the rates.
useAppInfo.subscribe((state) => {
  const base = state.info?.appContent.system.payment?.defaultCurrency?.currencyType
  if (!base || base === useCurrency.getState().base) return
  useCurrency.setState({ base, current: platform.storage.get<string>(KEY) ?? base, rates: {} })
})
