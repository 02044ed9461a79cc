/** Spec §2 side menu ("Sub-menus expand/collapse by +/- toggles, one open at a time") and footer name fallback. */
export function toggleSubMenu(openIndex: number | null, index: number): number | null {
  return openIndex === index ? null : index
}

/** nameContent by language, falling back to name when that language is missing or blank. */
export function localizedName(item: { name: string; nameContent?: Record<string, string> | null }, lang: string): string {
  const local = item.nameContent?.[lang]
  return typeof local === 'string' && local.trim() ? local : item.name
}
