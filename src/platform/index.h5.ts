/** H5 (mobile web, PWA, WeChat/Alipay in-app browsers, mini-program web-views). */
import Taro from '@tarojs/taro'
import { readDocumentCookie } from './cookieJar'
import { initialAnswers, INITIAL_ANSWERS_ID, writtenKey, type InitialAnswers } from '@shared/initialAnswers'
import { matchRoute } from '@shared/routes'
import { headerDeviceKind, isAlipayBrowser, isMobileUserAgent, isWeChatBrowser, miniProgramHost } from '@/domain/userAgent'
import { back, setTitleBar, taroStorage, windowWidth } from './common'
import { signIn } from './signIn.h5'
import { browserInstallPrompt } from './installPrompt.h5'
import { installKeyboardPress } from './keyboard.h5'
import { reveal, revealInvalidField } from './revealInvalidField.h5'
import { takeOverFirstPaint } from './firstPaint.h5'
import type { Environment, Platform } from './types'

export * from './types'

installKeyboardPress()

/** What the host mini-programs' web-view bridges offer this page (WeChat's JS-SDK `wx`, Alipay's web-view `my`). */
interface HostNavigation {
  navigateTo(opts: { url: string }): void
}
interface WeChatJsSdk {
  miniProgram?: HostNavigation
}
/** The store's favicon replaces the built-in icon in the tab (the install icons stay the manifest's). */
function setFavicon(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"][data-store]')
  if (!link) {
    for (const builtIn of document.head.querySelectorAll('link[rel="icon"]')) builtIn.remove()
    link = document.createElement('link')
    link.rel = 'icon'
    link.dataset.store = ''
    document.head.appendChild(link)
  }
  if (link.getAttribute('href') !== href) link.href = href
  link.type = /\.svg(\?|$)/i.test(href) ? 'image/svg+xml' : ''
}

/** Spec §9: "Share-button popup 800x500". */
const SHARE_POPUP_FEATURES = 'width=800,height=500'
const SHARE_PAGES = {
  facebook: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  twitter: (url: string, title: string) =>
    `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`
}

/** WeChat's JS-SDK: its `wx.miniProgram` navigates the host mini-program (WeChat web-view documentation). */
const WECHAT_JSSDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js'
/** Alipay's web-view bridge: `my.navigateTo` etc. for a page inside an Alipay mini-program's web-view (Alipay web-view documentation). */
const ALIPAY_WEBVIEW_BRIDGE_URL = 'https://appx/web-view.min.js'

const hostWindow = () => window as unknown as { wx?: WeChatJsSdk; my?: Partial<HostNavigation>; __wxjs_environment?: string }

/**
 * The host's navigation from its bridge script, loaded once and only inside that host's web-view (elsewhere the script
 * is not served: Alipay's `appx` address exists only in its client).
 */
const bridges = new Map<string, Promise<HostNavigation | undefined>>()
function hostBridge(url: string, navigation: () => HostNavigation | undefined): Promise<HostNavigation | undefined> {
  const present = navigation()
  if (present) return Promise.resolve(present)
  let loading = bridges.get(url)
  if (!loading) {
    loading = new Promise((resolve) => {
      const script = document.createElement('script')
      script.src = url
      script.onload = () => resolve(navigation())
      script.onerror = () => {
        bridges.delete(url)
        resolve(undefined)
      }
      document.head.appendChild(script)
    })
    bridges.set(url, loading)
  }
  return loading
}

function hostNavigation(host: 'wechat' | 'alipay'): Promise<HostNavigation | undefined> {
  if (host === 'wechat') return hostBridge(WECHAT_JSSDK_URL, () => hostWindow().wx?.miniProgram)
  return hostBridge(ALIPAY_WEBVIEW_BRIDGE_URL, () => {
    const my = hostWindow().my
    return typeof my?.navigateTo === 'function' ? (my as HostNavigation) : undefined
  })
}

const webLink = (path: string) => `${window.location.origin}${path}`

function environment(): Environment {
  const ua = navigator.userAgent
  const host = miniProgramHost(ua, hostWindow().__wxjs_environment)
  return {
    kind: 'h5',
    miniProgram: false,
    weChatMiniProgram: false,
    alipayMiniProgram: false,
    weChatBrowser: isWeChatBrowser(ua),
    weChatMiniProgramWebView: host === 'wechat',
    alipayMiniProgramWebView: host === 'alipay',
    alipayBrowser: isAlipayBrowser(ua),
    mobile: isMobileUserAgent(ua) || windowWidth() < 768
  }
}

/** Clipboard without the async API (an insecure origin, an older WebView): copy a selected, off-screen text area. */
function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea')
  area.value = text
  area.readOnly = true
  area.style.position = 'fixed'
  area.style.left = '-10000px'
  document.body.appendChild(area)
  area.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    document.body.removeChild(area)
  }
}

/** The answers the server wrote into the page (read at the first request), fresh for a while after the app started. */
const startedAt = Date.now()
// The server's first screen stays until the app's first page shows (server/src/lib/firstPaint.ts).
takeOverFirstPaint(document)
let written: InitialAnswers | null = null

export const platform: Platform = {
  signIn,
  environment,
  headerDeviceKind: (detail) => headerDeviceKind(environment(), detail),
  apiOrigin: () => ISTORE_API_ORIGIN,
  writtenAnswer(method, pathAndQuery, body) {
    const key = writtenKey(method, pathAndQuery, body)
    if (key === undefined) return undefined
    written ??= initialAnswers(document.getElementById(INITIAL_ANSWERS_ID)?.textContent, Date.now, startedAt)
    return written.take(key)
  },
  cookies: {
    read: (name) => readDocumentCookie(document.cookie, name),
    header: () => undefined,
    remember: () => undefined
  },
  currentRoute() {
    const match = matchRoute(`${window.location.pathname}${window.location.search}`)
    return { path: window.location.pathname, params: match?.params ?? {} }
  },
  navigate(url, mode = 'push') {
    if (mode === 'relaunch') Taro.reLaunch({ url })
    else if (mode === 'replace') Taro.redirectTo({ url })
    else Taro.navigateTo({ url })
  },
  back,
  async openMiniProgramPage(path) {
    const env = environment()
    const host = env.weChatMiniProgramWebView ? 'wechat' : env.alipayMiniProgramWebView ? 'alipay' : null
    if (!host) return false
    const navigation = await hostNavigation(host)
    if (!navigation) return false
    // WeChat's web-view navigation does not call success/fail back: handing the page to the host is the result.
    navigation.navigateTo({ url: path })
    return true
  },
  openExternal(url) {
    // mailto: and tel: hand over to the mail or phone app; a new tab for them would stay blank.
    if (/^(mailto|tel):/i.test(url)) window.location.href = url
    else window.open(url, '_blank', 'noopener')
  },
  dial(phone) {
    window.location.href = `tel:${phone}`
  },
  support: 'sheet',
  waitsForAppInfo: false,
  // A browser asks for nothing before choosing a picture or copying a link: the store's privacy notice is its pages'.
  privacy: { onRequest: () => undefined, require: async () => true },
  // A browser has no platform messages: order updates go by e-mail.
  requestOrderMessages: async () => [],
  // WeChat's shipping messages open the mini-program, never a browser; its confirm-receipt component is the mini-program's.
  paymentOfMessage: () => null,
  confirmReceipt: async () => 'unavailable',
  storage: taroStorage,
  userAgent: () => navigator.userAgent,
  // The server reads the browser's Accept-Language (app info currentLocale).
  deviceLanguage: () => undefined,
  windowWidth,
  describePage({ title, language, icon }) {
    // Through Taro too, so its router restores this title when the shopper comes back to the page.
    setTitleBar({ title })
    document.title = title
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : language
    if (icon) setFavicon(icon)
  },
  installPrompt: () => browserInstallPrompt,
  share({ title, path, network }) {
    const popup = window.open(SHARE_PAGES[network](webLink(path), title), 'share', SHARE_POPUP_FEATURES)
    // Set by hand: a "noopener" feature makes some browsers open a tab instead of the sized popup.
    if (popup) popup.opener = null
    return true
  },
  shareSheet: 'web',
  async sharePage({ title, path }) {
    const url = webLink(path)
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url })
        return 'shared'
      } catch (e) {
        // AbortError: the shopper closed the sheet. Anything else (not allowed here): fall back to copying.
        if ((e as { name?: string })?.name === 'AbortError') return 'cancelled'
      }
    }
    return (await platform.copyLink(path)) ? 'copied' : 'failed'
  },
  webLink,
  async copyLink(path) {
    // The browser's clipboard, not Taro.setClipboardData: that one also shows its own toast, worded
    // in Chinese only, and brings its toast code into the first load. The page shows the confirmation.
    const text = webLink(path)
    try {
      await navigator.clipboard.writeText(text)
      return true
    } catch {
      return copyBySelection(text)
    }
  },
  connectivity: {
    online: () => navigator.onLine,
    subscribe(listener) {
      const onOnline = () => listener(true)
      const onOffline = () => listener(false)
      window.addEventListener('online', onOnline)
      window.addEventListener('offline', onOffline)
      return () => {
        window.removeEventListener('online', onOnline)
        window.removeEventListener('offline', onOffline)
      }
    }
  },
  revealInvalidField,
  reveal,
  keyboardType: () => undefined,
  preloadLazyAreas() {
    // Taro's H5 router keeps each page's lazy chunk loader in the app config; calling it fetches the chunk.
    const config = (window as unknown as { __taroAppConfig?: { routes?: { path: string; load: () => unknown }[] } }).__taroAppConfig
    const lazy = (config?.routes ?? []).filter((route) => route.path.startsWith('packages/'))
    // Never on a connection the shopper asked to spare.
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection
    if (connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType ?? '')) return
    const idle = (fn: () => void) =>
      'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: 10_000 }) : setTimeout(fn, 200)
    // One area per idle moment, so fetching and running the chunks never makes a long task.
    const next = () => {
      const route = lazy.shift()
      if (!route) return
      void Promise.resolve(route.load())
        .catch(() => undefined)
        .then(() => idle(next))
    }
    // Only once the first page has loaded and settled: before that, these chunks competed with the
    // first page's own scripts and images for the network and the main thread.
    const afterLoad = () => setTimeout(() => idle(next), 3000)
    if (document.readyState === 'complete') afterLoad()
    else window.addEventListener('load', afterLoad, { once: true })
  },
  // Fetched when the shopper pays, not with the first page (the payment providers' code is ~2 KB gzip).
  // A WeChat mini-program's web-view on iOS is inside the mini-program: its rule on virtual goods applies.
  virtualGoodsPurchase: () => !(environment().weChatMiniProgramWebView && /iphone|ipad|ipod/i.test(navigator.userAgent)),
  // A room opens on the host mini-program's page (openMiniProgramPage) or in the "watch in the mini-program" modal.
  livePlayer: 'inWeChat'
}
