/**
 * The account, checkout and confirmation texts load with the pages that import '@/i18n/more', the store's browsing and
 * cart texts with those that import '@/i18n/browse', the live-stream rooms' with that page ('@/i18n/live').
 * Statically, from the sources: every page whose imports reach a file using those texts also reaches the module that
 * registers them, and the home page (the first load, and the mini-programs' main package) reaches none of them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'fs'
import path from 'path'
import browse from '@/i18n/messages/browse'
import restock from '@/i18n/messages/restock'
import live from '@/i18n/messages/live'

const root = path.resolve(__dirname, '..', '..')
const src = path.join(root, 'src')
const MORE = path.join(src, 'i18n', 'more.ts')
const BROWSE = path.join(src, 'i18n', 'browse.ts')
const LIVE = path.join(src, 'i18n', 'live.ts')
const RESTOCK = path.join(src, 'i18n', 'restock.ts')
const LAZY_KEY = /['"`](account|user|checkout|confirmation|processpay|coupons)\.[a-zA-Z$]/
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** One of an area's keys quoted whole, or a template literal starting with one's prefix (`store.sort.${choice}`). */
function keysOf(area: { en: Record<string, string> }): RegExp {
  const keys = Object.keys(area.en)
  const prefixes = [...new Set(keys.map((key) => key.slice(0, key.lastIndexOf('.') + 1)))]
  return new RegExp([...keys.map((key) => `['"\`]${escape(key)}['"\`]`), ...prefixes.map((prefix) => `\`${escape(prefix)}\\$\\{`)].join('|'))
}
const BROWSE_KEY = keysOf(browse)
const EXTENSIONS = ['.h5.tsx', '.h5.ts', '.tsx', '.ts', '.weapp.tsx', '.weapp.ts', '/index.h5.ts', '/index.tsx', '/index.ts']

function resolve(from: string, spec: string): string | null {
  let base: string
  if (spec.startsWith('@/')) base = path.join(src, spec.slice(2))
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec)
  else return null
  for (const ext of ['', ...EXTENSIONS]) {
    const file = base + ext
    if (existsSync(file) && statSync(file).isFile() && /\.(tsx?|js)$/.test(file)) return file
  }
  return null
}

function reachable(entry: string): Set<string> {
  const seen = new Set<string>()
  const queue = [entry]
  while (queue.length) {
    const file = queue.pop() as string
    if (seen.has(file)) continue
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      if (/^(import|export)\s+type\s/.test(m[0])) continue
      const next = resolve(file, m[1] ?? m[2])
      if (next) queue.push(next)
    }
  }
  return seen
}

function pages(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((rel) => path.join(dir, String(rel)))
    .filter((file) => /[\\/]pages[\\/][^\\/]+[\\/]index\.tsx$/.test(file))
}

/** The texts themselves (src/i18n/messages/, a feature's messages.ts) define keys; they do not show them. */
const isMessages = (file: string) => /[\\/](i18n[\\/]messages[\\/][^\\/]+|features[\\/][^\\/]+[\\/]messages)\.ts$/.test(file)
const usesTexts = (keys: RegExp) => (file: string) => !isMessages(file) && keys.test(readFileSync(file, 'utf8'))

describe.each([
  { name: 'account/checkout/confirmation', module: MORE, uses: usesTexts(LAZY_KEY) },
  { name: 'browse (lists, search, product, share, cart)', module: BROWSE, uses: usesTexts(BROWSE_KEY) },
  { name: 'live-stream rooms', module: LIVE, uses: usesTexts(keysOf(live)) },
  { name: 'back-in-stock alert', module: RESTOCK, uses: usesTexts(keysOf(restock)) }
])('$name texts load with their pages', ({ module, uses }) => {
  const imported = `@/i18n/${path.basename(module, '.ts')}`
  it.each(pages(src).map((p) => path.relative(src, p)))(`%s imports ${imported} if it shows them`, (page) => {
    const files = reachable(path.join(src, page))
    const users = [...files].filter(uses).map((f) => path.relative(src, f))
    if (users.length) expect({ page, reaches: files.has(module), users }).toEqual({ page, reaches: true, users })
  })

  it('the app itself (store start-up, platform layer) shows none of them', () => {
    expect([...reachable(path.join(src, 'app.ts'))].filter(uses).map((f) => path.relative(src, f))).toEqual([])
  })

  it('the home page (the first load) does not carry them', () => {
    expect(reachable(path.join(src, 'pages', 'home', 'index.tsx')).has(module)).toBe(false)
  })
})

it('the browse texts are found by key in a file that shows them', () => {
  expect(BROWSE_KEY.test("t('cart.total')")).toBe(true)
  expect(BROWSE_KEY.test('t(`store.sort.${choice}`)')).toBe(true)
  expect(BROWSE_KEY.test("t('store.soldOut')")).toBe(false)
})
