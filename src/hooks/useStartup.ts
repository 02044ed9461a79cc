/** Start-up (spec §7): app info first, then cart, currency and server messages that depend on it. */
import { firstLanguage } from '@/domain/language'
import { platform } from '@/platform'
import { useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { useCurrency } from '@/stores/currency'
import { useLocale } from '@/stores/locale'

export async function startApp(): Promise<void> {
  await useAppInfo.getState().load()
  const info = useAppInfo.getState().info
  const locale = useLocale.getState()
  const serverLocale = info?.appContent.system.appMessage?.currentLocale
  // The shopper's saved choice wins; a first visit speaks the device's language (mini-programs) or the one app info
  // took from the browser's Accept-Language.
  const language = firstLanguage({ saved: locale.chosen ? locale.language : null, device: platform.deviceLanguage(), server: serverLocale })
  if (info && serverLocale !== language) {
    // Tell the server, so its messages (and mails) match.
    void locale.setLanguage(language, { remember: locale.chosen })
  } else {
    if (language !== locale.language) useLocale.setState({ language })
    locale.setServerMessages(info?.appContent.system.appMessage?.applicationMessage?.messages)
  }
  const base = info?.appContent.system.payment?.defaultCurrency?.currencyType
  await Promise.all([useCart.getState().load(), base ? useCurrency.getState().init(base) : Promise.resolve()])
}
