/** Display currency (spec §3 client state). The base currency is what is charged; others are shown converted. */
import { create } from 'zustand'
import { appInfoApi } from '@/api/appInfo'
import { platform } from '@/platform'

const KEY = 'istore.currency'

interface CurrencyState {
  base: string
  current: string
  rates: Record<string, number>
  init(base: string): Promise<void>
  setCurrency(currency: string): void
}

export const useCurrency = create<CurrencyState>((set, get) => ({
  base: 'CAD',
  current: platform.storage.get<string>(KEY) ?? 'CAD',
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
