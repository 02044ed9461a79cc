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
import promo from '@/i18n/messages/promo'
import web from '@/i18n/messages/web'

const root = path.resolve(__dirname, '..', '..')
const src = path.join(root, 'src')
const MORE = path.join(src, 'i18n', 'more.ts')
const BROWSE = path.join(src, 'i18n', 'browse.ts')
const LIVE = path.join(src, 'i18n', 'live.ts')
const RESTOCK = path.join(src, 'i18n', 'restock.ts')
const WEB = path.join(src, 'i18n', 'web.ts')
const PROMO = path.join(src, 'i18n', 'promo.ts')
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
/** How Taro resolves a module for a mini-program: its platform's variant first, then the shared file. */
const miniProgramExtensions = (platform: 'weapp' | 'alipay') => [`.${platform}.tsx`, `.${platform}.ts`, '.tsx', '.ts', `/index.${platform}.ts`, '/index.tsx', '/index.ts']

function resolve(from: string, spec: string, extensions = EXTENSIONS): string | null {
  let base: string
  if (spec.startsWith('@/')) base = path.join(src, spec.slice(2))
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec)
  else return null
  for (const ext of ['', ...extensions]) {
    const file = base + ext
    if (existsSync(file) && statSync(file).isFile() && /\.(tsx?|js)$/.test(file)) return file
  }
  return null
}

function reachable(entry: string, extensions = EXTENSIONS): Set<string> {
  const seen = new Set<string>()
  const queue = [entry]
  while (queue.length) {
    const file = queue.pop() as string
    if (seen.has(file)) continue
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      if (/^(import|export)\s+type\s/.test(m[0])) continue
      const next = resolve(file, m[1] ?? m[2], extensions)
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

/**
 * Texts that travel with the components showing them rather than with pages: the web-only ones (H5 variants and
 * H5-only components) and the promo pop-up's (which Alipay's build replaces). Each file that shows them imports the
 * module that registers them, so a build that bundles none of those files (the mini-programs; Alipay for the promo)
 * carries none of the texts. The home page stands for the main package: every other page is a sub-package.
 */
describe.each([
  { name: 'web-only', module: WEB, keys: keysOf(web), notIn: ['weapp', 'alipay'] as const },
  { name: 'promo pop-up', module: PROMO, keys: keysOf(promo), notIn: ['alipay'] as const }
])('$name texts load with the components that show them', ({ module, keys, notIn }) => {
  const users = readdirSync(src, { recursive: true })
    .map((rel) => path.join(src, String(rel)))
    .filter((file) => /\.tsx?$/.test(file) && file !== module && usesTexts(keys)(file))

  it('is shown somewhere', () => {
    expect(users.length).toBeGreaterThan(0)
  })

  it.each(users.map((file) => path.relative(src, file)))(`%s imports @/i18n/${path.basename(module, '.ts')} itself`, (file) => {
    expect(reachable(path.join(src, file)).has(module)).toBe(true)
    expect(readFileSync(path.join(src, file), 'utf8')).toContain(`import '@/i18n/${path.basename(module, '.ts')}'`)
  })

  it.each([...notIn])('the %s main package does not carry them: its app and home page reach no file that shows them', (platform) => {
    const files = [path.join(src, 'app.ts'), path.join(src, 'pages', 'home', 'index.tsx')].flatMap((entry) => [...reachable(entry, miniProgramExtensions(platform))])
    expect(files.filter(usesTexts(keys)).map((f) => path.relative(src, f))).toEqual([])
  })
})

it('the browse texts are found by key in a file that shows them', () => {
  expect(BROWSE_KEY.test("t('cart.total')")).toBe(true)
  expect(BROWSE_KEY.test('t(`store.sort.${choice}`)')).toBe(true)
  expect(BROWSE_KEY.test("t('store.soldOut')")).toBe(false)
})
