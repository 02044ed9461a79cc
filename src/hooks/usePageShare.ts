import { useShareAppMessage } from '@tarojs/taro'
import { toPagePath } from '@shared/routes'

/**
 * What the mini-programs' share menu and share sheet (ShareActions) share from this page: its title and public path
 * (query allowed, e.g. a campaign's FissionSale or a referrer's id), as the page path the mini-program opens.
 * Call it in the page component itself, and set `enableShareAppMessage: true` in the page's config (WeChat shows the
 * share menu only then). The browser shares the public URL itself; there this does nothing.
 */
export function usePageShare({ title, path }: { title: string; path: string }): void {
  useShareAppMessage(() => ({ title, path: toPagePath(path) }))
}
