/** Shared set-up for the store's component tests: fresh stores and caches, the URL the page reads its route from. */
import { configure, waitFor } from '@testing-library/react'
import type { Language } from '@/i18n'
import { clearCategoriesCache } from '@/hooks/useCategories'
import { clearHomeCache } from '@/hooks/useHome'
import { clearListTitles } from '@/hooks/useListTitle'
import { clearListHeadings } from '@/hooks/useListHeading'
import { clearListCaches } from '@/hooks/useProductList'
import { useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { useCurrency } from '@/stores/currency'
import { useLocale } from '@/stores/locale'
import { appInfoFixture } from '../../support/fixtures/appInfo'

/**
 * jsdom has no IntersectionObserver, which Taro's H5 Image uses for lazyLoad; this one reports every
 * observed image as visible at once, as a phone-sized screen would for the first cards.
 */
class VisibleIntersectionObserver {
  constructor(private readonly callback: (entries: { isIntersecting: boolean; intersectionRatio: number; target: Element }[]) => void) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, intersectionRatio: 1, target }])
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return []
  }
}
Object.assign(globalThis, { IntersectionObserver: VisibleIntersectionObserver })

// Taro's H5 web components render asynchronously; on a busy 2-core machine 1 s (the default) is too tight.
configure({ asyncUtilTimeout: 5000 })

export const LANGS: Language[] = ['en', 'zh']

export function resetStore(language: Language, url: string) {
  window.history.pushState({}, '', url)
  useAppInfo.setState({ info: appInfoFixture(), status: 'ready' })
  useCart.setState({ cart: null, error: null, pending: false, version: 0 })
  useCurrency.setState({ base: 'CAD', current: 'CAD', rates: { USD: 0.73, CNY: 5.21, JPY: 108.4 } })
  useLocale.setState({ language, serverMessages: {} })
  clearListCaches()
  clearHomeCache()
  clearListTitles()
  clearCategoriesCache()
  clearListHeadings()
}

/** The page's own content (the shell around it has its own links and labels). */
export function pageBody(container: HTMLElement, selector: string): HTMLElement {
  const el = container.querySelector(selector)
  if (!el) throw new Error(`no ${selector} on the page`)
  return el as HTMLElement
}

export const texts = (root: ParentNode, selector: string) => Array.from(root.querySelectorAll(selector)).map((el) => el.textContent ?? '')

/**
 * Waits until Taro's input web components have rendered their inner <input>: a value given to one before that
 * crashes Taro's value watcher (a console.error, which fails the test).
 */
export async function inputsRendered(container: HTMLElement) {
  await waitFor(() => container.querySelectorAll('taro-input-core').forEach((el) => expect(el.querySelector('input')).not.toBeNull()))
}
