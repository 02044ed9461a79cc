/** Start-up (spec §7): app info first, then cart, currency and server messages that depend on it. */
import { useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { useCurrency } from '@/stores/currency'
import { useLocale } from '@/stores/locale'

export async function startApp(): Promise<void> {
  await useAppInfo.getState().load()
  const info = useAppInfo.getState().info
  const locale = useLocale.getState()
  const serverLocale = info?.appContent.system.appMessage?.currentLocale
  if (info && serverLocale !== locale.language) {
    // The shopper's saved choice wins over the server's default; tell the server so its messages match.
    void locale.setLanguage(locale.language)
  } else {
    locale.setServerMessages(info?.appContent.system.appMessage?.applicationMessage?.messages)
  }
  const base = info?.appContent.system.payment?.defaultCurrency?.currencyType
  await Promise.all([useCart.getState().load(), base ? useCurrency.getState().init(base) : Promise.resolve()])
}
