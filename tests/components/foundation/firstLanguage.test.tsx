/**
 * Issue 15 item 6: the first visit speaks the shopper's language — app info's currentLocale (which the server takes
 * from Accept-Language) on H5, the system language on the mini-programs — and a saved choice always wins.
 */
import { waitFor } from '@testing-library/react'
import type { AppInfo } from '@/api/appInfo'
import { startApp } from '@/hooks/useStartup'
import { platform } from '@/platform'
import { useAppInfo } from '@/stores/appInfo'
import { useLocale } from '@/stores/locale'
import { mockHttp } from '../../support/mockHttp'
import { appInfoFixture } from '../../support/fixtures/appInfo'

const RATES = { base: 'CAD', rates: { USD: 0.73 }, symbols: { CAD: '$', USD: 'US$' }, decimals: { CAD: 2, USD: 2 } }
const ZH_MESSAGES = { 'nav.cart': '购物袋' }

function appInfo(currentLocale: 'en' | 'zh', messages: Record<string, string> = {}): AppInfo {
  const info = appInfoFixture()
  info.appContent.system.appMessage = { currentLocale, applicationMessage: { messages } }
  return info
}

function serve(info: AppInfo) {
  return mockHttp({
    'GET /common3/appInfoInit': info,
    'GET /common3/exchangeRates/': RATES,
    'GET /common3/changeLocale/en': { currentLocale: 'en', applicationMessage: { messages: {} } },
    'GET /common3/changeLocale/zh': { currentLocale: 'zh', applicationMessage: { messages: ZH_MESSAGES } }
  })
}

/** A visitor as the store finds them at start-up: a saved choice or none. */
function visitor(saved: 'en' | 'zh' | null) {
  if (saved) platform.storage.set('istore.language', saved)
  useAppInfo.setState({ info: null, status: 'idle' } as never)
  useLocale.setState({ language: saved ?? 'en', chosen: saved !== null, serverMessages: {} })
}

const localeCalls = (http: ReturnType<typeof mockHttp>) => http.calls.filter((c) => c.path.startsWith('/common3/changeLocale/')).map((c) => c.path)

afterEach(() => jest.restoreAllMocks())

describe('first visit language', () => {
  it('H5, no saved choice: speaks app info\'s currentLocale (from Accept-Language) with its messages, and saves nothing', async () => {
    visitor(null)
    const http = serve(appInfo('zh', ZH_MESSAGES))
    await startApp()
    expect(useLocale.getState().language).toBe('zh')
    expect(useLocale.getState().serverMessages).toEqual(ZH_MESSAGES)
    expect(localeCalls(http)).toEqual([])
    expect(platform.storage.get('istore.language')).toBeUndefined()
    expect(useLocale.getState().chosen).toBe(false)
  })

  it('a saved choice wins over app info, and the server is told', async () => {
    visitor('en')
    const http = serve(appInfo('zh', ZH_MESSAGES))
    await startApp()
    expect(useLocale.getState().language).toBe('en')
    await waitFor(() => expect(localeCalls(http)).toEqual(['/common3/changeLocale/en']))
    expect(platform.storage.get('istore.language')).toBe('en')
  })

  it('mini-programs, no saved choice: the system language wins over app info; the server is told, nothing is saved', async () => {
    jest.spyOn(platform, 'deviceLanguage').mockReturnValue('zh_CN')
    visitor(null)
    const http = serve(appInfo('en'))
    await startApp()
    expect(useLocale.getState().language).toBe('zh')
    await waitFor(() => expect(useLocale.getState().serverMessages).toEqual(ZH_MESSAGES))
    expect(localeCalls(http)).toEqual(['/common3/changeLocale/zh'])
    expect(platform.storage.get('istore.language')).toBeUndefined()
  })

  it('mini-programs: a saved choice still wins over the system language', async () => {
    jest.spyOn(platform, 'deviceLanguage').mockReturnValue('zh_CN')
    visitor('en')
    const http = serve(appInfo('en'))
    await startApp()
    expect(useLocale.getState().language).toBe('en')
    expect(localeCalls(http)).toEqual([])
  })

  it('choosing a language later saves it as the choice', async () => {
    visitor(null)
    serve(appInfo('zh', ZH_MESSAGES))
    await startApp()
    await useLocale.getState().setLanguage('en')
    expect(platform.storage.get('istore.language')).toBe('en')
    expect(useLocale.getState().chosen).toBe(true)
  })
})
