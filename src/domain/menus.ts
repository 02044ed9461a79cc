import type { MenuItem } from '@contract/appInfo'
import { mapMenuLink } from './linkMapping'

/** Spec §2 side menu ("Sub-menus expand/collapse by +/- toggles, one open at a time") and footer name fallback. */
export function toggleSubMenu(openIndex: number | null, index: number): number | null {
  return openIndex === index ? null : index
}

/** nameContent by language, falling back to name when that language is missing or blank. */
export function localizedName(item: { name: string; nameContent?: Record<string, string> | null }, lang: string): string {
  const local = item.nameContent?.[lang]
  return typeof local === 'string' && local.trim() ? local : item.name
}

/**
 * The name the store's menus give a list page, e.g. 'New Arrivals' for /store/tag/new: the first entry, at any depth,
 * whose link opens that path. null when no menu links to it.
 */
export function menuNameOfPath(menus: MenuItem[], path: string, lang: string): string | null {
  for (const item of menus) {
    const target = mapMenuLink(item)
    if (target.kind === 'internal' && target.url === path) return localizedName(item, lang)
    const inSub = menuNameOfPath(item.subMenu ?? [], path, lang)
    if (inSub) return inSub
  }
  return null
}
