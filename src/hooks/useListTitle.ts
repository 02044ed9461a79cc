/**
 * The title of a product list opened from a named place: "See all" of a home section carries the section (?list=), so
 * the list is titled with that section's name ("New arrivals", "Bestsellers"); a tag list a menu links to takes the
 * menu's name ('New Arrivals' for /store/tag/new). Otherwise null, and the page names the list by what it filters.
 */
import { useEffect, useState } from 'react'
import type { OperatorText } from '@/api/appInfo'
import { contentApi, type Section } from '@/api/content'
import { menuNameOfPath } from '@/domain/menus'
import { NEW_ARRIVALS_LIST } from '@shared/firstScreen'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { useAppInfo } from '@/stores/appInfo'
import { useLocale } from '@/stores/locale'

/** The home template's section titles by section id, read once per visit. */
let homeTitles: Promise<Record<string, OperatorText>> | null = null

function homeSectionTitles(): Promise<Record<string, OperatorText>> {
  const titles = (homeTitles ??= contentApi.sectionTemplateByType('home').then(
    (r): Record<string, OperatorText> => Object.fromEntries(r.sections.flatMap((s: Section) => ('title' in s && s.title ? [[s.id, s.title]] : []))),
    (): Record<string, OperatorText> => ({})
  ))
  return titles
}

/** Test seam: each component test starts without the titles of an earlier one. */
export function clearListTitles(): void {
  homeTitles = null
}

export function useListTitle(path: string, list: string | undefined): string | null {
  const t = useT()
  const localized = useLocalized()
  const language = useLocale((s) => s.language)
  const navigation = useAppInfo((s) => s.info?.appContent.navigation)
  const [sectionTitle, setSectionTitle] = useState<OperatorText | null>(null)

  useEffect(() => {
    let live = true
    setSectionTitle(null)
    if (list && list !== NEW_ARRIVALS_LIST) void homeSectionTitles().then((titles) => live && setSectionTitle(titles[list] ?? null))
    return () => {
      live = false
    }
  }, [list])

  if (list === NEW_ARRIVALS_LIST) return t('home.newProducts')
  if (sectionTitle) return localized(sectionTitle, sectionTitle.en ?? '')
  if (!path.startsWith('/store/tag/')) return null
  const menus = [...(navigation?.headerMenu ?? []), ...(navigation?.sideMenu ?? []), ...(navigation?.footerMenu ?? [])]
  return menuNameOfPath(menus, path, language)
}
