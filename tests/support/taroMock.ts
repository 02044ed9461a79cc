/**
 * @tarojs/taro at its boundary, for component tests in jsdom: storage is a Map, navigation is recorded,
 * the current route is settable, page lifecycle hooks run like effects.
 */
import { useEffect, useRef } from 'react'

type Listener = (...args: unknown[]) => void

const storage = new Map<string, unknown>()
export const navigations: { kind: string; url: string }[] = []
let routerParams: Record<string, string> = {}
let routerPath = '/pages/home/index'
const listeners = new Map<string, Set<Listener>>()
let windowWidth = 375
/** The mounted pages' lifecycle and scroll handlers, for tests that play the shopper leaving and coming back. */
const pageHandlers = { show: new Set<() => void>(), hide: new Set<() => void>(), scroll: new Set<(e: { scrollTop: number }) => void>() }

/** Registers the latest `fn` while the component is mounted. */
function usePageHandler<T extends (...args: never[]) => void>(set: Set<T>, fn: T) {
  const latest = useRef(fn)
  latest.current = fn
  useEffect(() => {
    const handler = ((...args: Parameters<T>) => latest.current(...args)) as T
    set.add(handler)
    return () => void set.delete(handler)
  }, [set])
}

export const testControl = {
  reset() {
    storage.clear()
    navigations.length = 0
    routerParams = {}
    routerPath = '/pages/home/index'
    listeners.clear()
    windowWidth = 375
  },
  setRoute(path: string, params: Record<string, string> = {}) {
    routerPath = path
    routerParams = params
  },
  setWindowWidth(width: number) {
    windowWidth = width
  },
  /** The page goes behind another one, comes to the front again, or scrolls. */
  hidePage: () => pageHandlers.hide.forEach((fn) => fn()),
  showPage: () => pageHandlers.show.forEach((fn) => fn()),
  scrollPage: (scrollTop: number) => pageHandlers.scroll.forEach((fn) => fn({ scrollTop })),
  storage
}

const record = (kind: string) => (opts: { url: string }) => {
  navigations.push({ kind, url: opts.url })
  return Promise.resolve({ errMsg: `${kind}:ok` })
}

export const eventCenter = {
  on(name: string, fn: Listener) {
    const set = listeners.get(name) ?? new Set()
    set.add(fn)
    listeners.set(name, set)
  },
  off(name: string, fn?: Listener) {
    if (fn) listeners.get(name)?.delete(fn)
    else listeners.delete(name)
  },
  trigger(name: string, ...args: unknown[]) {
    listeners.get(name)?.forEach((fn) => fn(...args))
  }
}

const Taro = {
  getStorageSync: (key: string) => (storage.has(key) ? storage.get(key) : ''),
  setStorageSync: (key: string, value: unknown) => void storage.set(key, value),
  removeStorageSync: (key: string) => void storage.delete(key),
  navigateTo: record('navigateTo'),
  redirectTo: record('redirectTo'),
  reLaunch: record('reLaunch'),
  switchTab: record('switchTab'),
  navigateBack: () => {
    navigations.push({ kind: 'navigateBack', url: '' })
    return Promise.resolve()
  },
  getCurrentInstance: () => ({ router: { path: routerPath, params: routerParams } }),
  getCurrentPages: () => [{ route: routerPath.slice(1), options: routerParams }],
  getWindowInfo: () => ({ windowWidth, windowHeight: 800 }),
  getSystemInfoSync: () => ({ windowWidth, windowHeight: 800, platform: 'devtools' }),
  pageScrollTo: jest.fn(() => Promise.resolve()),
  showToast: jest.fn(() => Promise.resolve()),
  showModal: jest.fn(() => Promise.resolve({ confirm: true, cancel: false })),
  setClipboardData: jest.fn(() => Promise.resolve()),
  setNavigationBarTitle: jest.fn(() => Promise.resolve()),
  onPageNotFound: jest.fn(),
  request: () => {
    throw new Error('Component tests mock the API at src/api/http.ts, not Taro.request')
  },
  eventCenter,
  getEnv: () => 'WEB',
  ENV_TYPE: { WEB: 'WEB', WEAPP: 'WEAPP', ALIPAY: 'ALIPAY' }
}

export const useRouter = () => ({ path: routerPath, params: routerParams })
export const useDidShow = (fn: () => void) => {
  usePageHandler(pageHandlers.show, fn)
  useEffect(() => fn(), [])
}
export const useDidHide = (fn: () => void) => usePageHandler(pageHandlers.hide, fn)
export const useLoad = (fn: (params: Record<string, string>) => void) => useEffect(() => fn(routerParams), [])
export const useUnload = (fn: () => void) => useEffect(() => fn, [])
export const usePageScroll = (fn: (e: { scrollTop: number }) => void) => usePageHandler(pageHandlers.scroll, fn)
export const useReachBottom = () => undefined
export const usePullDownRefresh = () => undefined
export const useShareAppMessage = () => undefined
export const useLaunch = () => undefined

export default Taro
