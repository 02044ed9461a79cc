/** Configured menus (header, side menu, footer) as entries ready to render and follow. */
import { useMemo } from 'react'
import type { MenuItem } from '@/api/appInfo'
import { mapMenuLink, type MenuLinkTarget } from '@/domain/linkMapping'
import { localizedName } from '@/domain/menus'
import { truncateLabel } from '@/domain/truncation'
import type { Language } from '@/i18n'
import { platform } from '@/platform'

export interface MenuEntry {
  key: string
  label: string
  target: MenuLinkTarget
  children: MenuEntry[]
}

/** Label limits per level; undefined means the label is shown whole. */
export interface LabelLimits {
  top?: number
  sub?: number
}

function toEntries(items: MenuItem[] | undefined, language: Language, limits: LabelLimits, prefix: string, depth: number): MenuEntry[] {
  const max = depth === 0 ? limits.top : limits.sub
  return (items ?? []).map((item, index) => {
    const name = localizedName(item, language)
    const key = `${prefix}${index}`
    return {
      key,
      label: max === undefined ? name : truncateLabel(name, max),
      target: mapMenuLink(item),
      children: toEntries(item.subMenu, language, limits, `${key}.`, depth + 1)
    }
  })
}

export function useMenuEntries(items: MenuItem[] | undefined, language: Language, limits: LabelLimits = {}): MenuEntry[] {
  return useMemo(() => toEntries(items, language, limits, '', 0), [items, language, limits.top, limits.sub])
}

/** Internal links navigate, external ones open outside the store (a new tab on H5); link-less entries do nothing. */
export function followMenuTarget(target: MenuLinkTarget): void {
  if (target.kind === 'internal') platform.navigate(target.url)
  else if (target.kind === 'external') platform.openExternal(target.url)
  else if (target.kind === 'phone') platform.dial(target.number)
}
