/** Spec §9 "Label truncation". Lengths count characters (code points), so Chinese text and emoji count as one each. */
export const TOP_MENU_LABEL_MAX = 20
export const SUB_MENU_LABEL_MAX = 24

/** Store name: narrower than 1024px → over 15 shows 13 + '...'; otherwise over 20 shows 18 + '...'. */
export const STORE_NAME_NARROW_SCREEN_PX = 1024
export const STORE_NAME_NARROW = { max: 15, keep: 13 } as const
export const STORE_NAME_WIDE = { max: 20, keep: 18 } as const

export const ELLIPSIS = '...'

function chars(text: string | null | undefined): string[] {
  return Array.from(text ?? '')
}

/** Longer than max → first max characters + '...'; otherwise unchanged. */
export function truncateLabel(text: string, max: number): string {
  const c = chars(text)
  return c.length > max ? c.slice(0, max).join('') + ELLIPSIS : c.join('')
}

export function truncateStoreName(name: string, screenWidth: number): string {
  const { max, keep } = screenWidth < STORE_NAME_NARROW_SCREEN_PX ? STORE_NAME_NARROW : STORE_NAME_WIDE
  const c = chars(name)
  return c.length > max ? c.slice(0, keep).join('') + ELLIPSIS : c.join('')
}
