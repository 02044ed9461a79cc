/**
 * The account, checkout and confirmation texts load with the pages that import '@/i18n/more' (src/i18n/index.ts).
 * Statically, from the sources: every page whose imports reach a file using those texts also reaches
 * '@/i18n/more', and the home page (the first load) does not.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'fs'
import path from 'path'

const root = path.resolve(__dirname, '..', '..')
const src = path.join(root, 'src')
const MORE = path.join(src, 'i18n', 'more.ts')
const LAZY_KEY = /['"`](account|user|checkout|confirmation|processpay|coupons)\.[a-zA-Z$]/
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

const usesLazyTexts = (file: string) => !file.includes(`${path.sep}i18n${path.sep}messages${path.sep}`) && LAZY_KEY.test(readFileSync(file, 'utf8'))

describe('area texts load with their pages', () => {
  it.each(pages(src).map((p) => path.relative(src, p)))('%s imports @/i18n/more if it shows account/checkout/confirmation texts', (page) => {
    const files = reachable(path.join(src, page))
    const users = [...files].filter(usesLazyTexts).map((f) => path.relative(src, f))
    if (users.length) expect({ page, reachesMore: files.has(MORE), users }).toEqual({ page, reachesMore: true, users })
  })

  it('the app itself (store start-up, platform layer) shows none of them', () => {
    expect([...reachable(path.join(src, 'app.ts'))].filter(usesLazyTexts).map((f) => path.relative(src, f))).toEqual([])
  })

  it('the home page (the first load) does not carry them', () => {
    expect(reachable(path.join(src, 'pages', 'home', 'index.tsx')).has(MORE)).toBe(false)
  })
})
