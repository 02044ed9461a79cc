/**
 * Taro's app config `pages` and `subPackages`, derived from the route table. A module of its own: Taro compiles
 * app.config.ts as an entry of the app's build, so whatever it imports from shared/routes counts as used and stayed in
 * the mini-programs' main package with the routes the app navigates by.
 */
import { ROUTES } from './routes'

/** `miniProgram`: with the pages only the mini-programs have (routes marked miniProgramOnly). */
export function pageLayout(miniProgram: boolean): { pages: string[]; subPackages: { root: string; pages: string[] }[] } {
  const pages: string[] = []
  const byArea = new Map<string, string[]>()
  for (const route of ROUTES) {
    if (route.miniProgramOnly && !miniProgram) continue
    if (!route.area && !route.lazy) {
      pages.push(route.page)
      continue
    }
    const root = route.area ? `packages/${route.area}` : route.page.slice(0, route.page.lastIndexOf('/'))
    const list = byArea.get(root) ?? []
    list.push(route.page.slice(root.length + 1))
    byArea.set(root, list)
  }
  return { pages, subPackages: [...byArea].map(([root, list]) => ({ root, pages: list })) }
}
