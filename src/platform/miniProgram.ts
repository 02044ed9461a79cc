/** Shared by the WeChat and Alipay mini-program implementations. */
import Taro from '@tarojs/taro'
import { applySetCookie, cookieHeader, splitSetCookie } from './cookieJar'
import { decodeComponent, matchRoute, ROUTES, toPagePath } from '@shared/routes'
import { back, setTitleBar, systemLanguage, taroStorage, windowWidth } from './common'
import type { Connectivity, CookieStore, Environment, NavigateMode, Platform, RouteState } from './types'

const COOKIE_KEY = 'istore.cookies'
/** WeChat and Alipay keep at most 10 pages; past this depth a push replaces instead. */
const MAX_STACK = 9

export function miniProgramCookies(): CookieStore {
  let jar = taroStorage.get<Record<string, string>>(COOKIE_KEY) ?? {}
  return {
    read: (name) => jar[name],
    header: () => cookieHeader(jar) || undefined,
    remember(setCookie) {
      const cookies = splitSetCookie(setCookie)
      if (!cookies.length) return
      jar = applySetCookie(jar, cookies)
      taroStorage.set(COOKIE_KEY, jar)
    }
  }
}

/** Public path of a page path plus its query (the reverse of toPagePath). */
export function publicRoute(pagePath: string, params: Record<string, string>): RouteState {
  const page = pagePath.replace(/^\//, '')
  const route = ROUTES.find((r) => r.page === page)
  if (!route) return { path: '/', params }
  // The most specific public URL whose path parameters are all known (e.g. /store/tag/:tag over /store/productlist).
  const paramCount = (pattern: string) => pattern.split('/').filter((seg) => seg.startsWith(':')).length
  const usable = route.patterns.filter((p) => p.split('/').every((seg) => !seg.startsWith(':') || params[seg.slice(1)]))
  const canonical = usable.sort((a, b) => paramCount(b) - paramCount(a))[0] ?? route.patterns[0]
  const path = canonical.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
  return { path, params: { ...params, ...matchRoute(path)?.params } }
}

/**
 * The base library hands a page its parameters as they are written in the URL, still encoded (WeChat documents it;
 * Taro passes them on as they are): decoded here, once, for every page, like the H5 router's.
 */
export function miniProgramCurrentRoute(): RouteState {
  const router = Taro.getCurrentInstance().router
  const params = Object.fromEntries(
    Object.entries(router?.params ?? {})
      .filter(([k]) => k !== '$taroTimestamp')
      .map(([k, v]) => [decodeComponent(k), decodeComponent(String(v ?? ''))])
  ) as Record<string, string>
  return publicRoute(router?.path?.split('?')[0] ?? '/pages/home/index', params)
}

export function miniProgramNavigate(url: string, mode: NavigateMode = 'push'): void {
  const target = toPagePath(url)
  if (mode === 'relaunch') Taro.reLaunch({ url: target })
  else if (mode === 'replace' || Taro.getCurrentPages().length >= MAX_STACK) Taro.redirectTo({ url: target })
  else Taro.navigateTo({ url: target })
}

/** Opens a page of this mini-program by its path; false when the page does not exist here. */
export function openHostPage(path: string): Promise<boolean> {
  // Taro's navigateTo rejects its promise on a missing page even when given callbacks: the answer is the promise.
  return Taro.navigateTo({ url: path }).then(
    () => true,
    () => false
  )
}

/** Mini-programs report the network through Taro; until the first answer the device counts as online. */
export function miniProgramConnectivity(): Connectivity {
  let online = true
  const listeners = new Set<(online: boolean) => void>()
  const update = (next: boolean) => {
    if (next === online) return
    online = next
    listeners.forEach((listener) => listener(online))
  }
  Taro.getNetworkType({ success: (res) => update(res.networkType !== 'none') })
  Taro.onNetworkStatusChange((res) => update(res.isConnected))
  return {
    online: () => online,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    }
  }
}

/** The host's own full-screen image viewer (WeChat wx.previewImage, Alipay my.previewImage: pinch, swipe, save). */
export function previewImages(urls: string[], current: number): void {
  if (!urls.length) return
  void Taro.previewImage({ urls, current: urls[Math.min(Math.max(current, 0), urls.length - 1)] }).catch(() => undefined)
}

/** The host's call sheet for a store phone number (a tel: link means nothing in a mini-program). */
export function dialPhone(phone: string): void {
  void Taro.makePhoneCall({ phoneNumber: phone }).catch(() => undefined)
}

/** What differs between the WeChat and the Alipay mini-program; the rest of their Platform is the same. */
export type MiniProgramSpecifics = Pick<
  Platform,
  'signIn' | 'support' | 'userAgent' | 'shareSheet' | 'sharePage' | 'virtualGoodsPurchase' | 'livePlayer' | 'playLiveRoom' | 'privacy' | 'requestOrderMessages' | 'paymentOfMessage' | 'confirmReceipt'
> & { kind: 'weapp' | 'alipay' }

/**
 * A native mini-program's header device kind. Not appDetail's flags: they read the requests' user agent, which inside
 * Alipay carries AlipayClient and would make the mini-program an "Alipay browser".
 */
const MINI_PROGRAM_DEVICE = { miniProgram: true, alipayBrowser: false, mobile: true }

export function miniProgramPlatform({ kind, ...specifics }: MiniProgramSpecifics): Platform {
  const env: Environment = {
    kind,
    miniProgram: true,
    weChatMiniProgram: kind === 'weapp',
    alipayMiniProgram: kind === 'alipay',
    weChatBrowser: false,
    weChatMiniProgramWebView: false,
    alipayMiniProgramWebView: false,
    alipayBrowser: false,
    mobile: true
  }
  return {
    ...specifics,
    environment: () => env,
    headerDeviceKind: () => MINI_PROGRAM_DEVICE,
    waitsForAppInfo: true,
    apiOrigin: () => ISTORE_API_ORIGIN,
    cookies: miniProgramCookies(),
    currentRoute: miniProgramCurrentRoute,
    navigate: miniProgramNavigate,
    back,
    openMiniProgramPage: openHostPage,
    previewImages,
    openExternal(url) {
      // Mini-programs cannot open arbitrary sites; copy the link so the shopper can open it in a browser (a privacy API:
      // the shopper's agreement first, and nothing is copied without it).
      void specifics.privacy.require('setClipboardData').then((agreed) => {
        if (agreed) Taro.setClipboardData({ data: url }).catch(() => undefined)
      })
    },
    dial: dialPhone,
    storage: taroStorage,
    deviceLanguage: systemLanguage,
    windowWidth,
    describePage: setTitleBar,
    // The page's share menu (useShareAppMessage / onShareAppMessage) shares on mini-programs.
    share: () => false,
    copyLink: async () => false,
    webLink: () => null,
    connectivity: miniProgramConnectivity(),
    // app.config.ts preloadRule does it for the mini-programs.
    preloadLazyAreas: () => undefined,
    revealInvalidField(scope = '') {
      Taro.pageScrollTo({ selector: `${scope} .field--invalid`.trim(), duration: 300 }).catch(() => undefined)
    },
    reveal(selector) {
      Taro.pageScrollTo({ selector, duration: 300 }).catch(() => undefined)
    },
    keyboardType: (field) => (field === 'tel' ? 'number' : 'text')
  }
}
