/** Pieces every platform implementation shares (all through Taro's cross-platform API). */
import Taro from '@tarojs/taro'
import type { Platform } from './types'

export const taroStorage: Platform['storage'] = {
  get<T>(key: string): T | undefined {
    try {
      const value = Taro.getStorageSync(key)
      return value === '' || value === undefined || value === null ? undefined : (value as T)
    } catch {
      return undefined
    }
  },
  set(key, value) {
    try {
      Taro.setStorageSync(key, value)
    } catch {
      // Storage full or unavailable (private mode): the app keeps working without persistence.
    }
  },
  remove(key) {
    try {
      Taro.removeStorageSync(key)
    } catch {
      // Same as above.
    }
  }
}

/** The mini-programs' title bar; fails quietly on a page that is already gone. */
export function setTitleBar({ title }: { title: string }): void {
  Taro.setNavigationBarTitle({ title }).catch(() => undefined)
}

/** The mini-program host's system language ('zh_CN', 'zh-Hans', 'en'); undefined when the host does not say. */
export function systemLanguage(): string | undefined {
  try {
    const language = Taro.getSystemInfoSync().language
    return typeof language === 'string' && language ? language : undefined
  } catch {
    return undefined
  }
}

export function windowWidth(): number {
  try {
    return Taro.getWindowInfo().windowWidth
  } catch {
    return 375
  }
}

export function back(): void {
  if (Taro.getCurrentPages().length > 1) Taro.navigateBack()
  else Taro.reLaunch({ url: '/pages/home/index' })
}
