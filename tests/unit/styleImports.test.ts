/**
 * Every component imports the stylesheet of the classes it uses (statically, from the sources). A class defined in a
 * stylesheet the component does not reach through its own imports is styled only when some other module that imports
 * it happens to be loaded: on H5 a page opened directly rendered unstyled (/user/orders without AccountPage.scss), and
 * on the mini-programs each page and sub-package gets only the styles its own chunk imports.
 *
 * For each .tsx under src/ and each platform it is built for (a `X.h5.tsx` replaces `X.tsx` on H5, and so on), the
 * class names it writes in className-like JSX attributes (string and template literals; parts built from values are
 * skipped) must each be defined by a stylesheet reachable from the file through static imports (.ts/.tsx imports,
 * .scss imports, and @use/@import inside the scss), or by one reachable from src/app.ts, which is loaded first on
 * every platform (the mini-programs' app.wxss applies to every page). A class defined in no stylesheet is a finding too.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs'
import { filesUnder } from '../support/sourceFiles'
import { tmpdir } from 'os'
import path from 'path'
import ts from 'typescript'

const src = path.resolve(__dirname, '..', '..', 'src')
const rel = (file: string) => path.relative(src, file)
type Platform = 'h5' | 'weapp' | 'alipay'
const PLATFORMS: Platform[] = ['h5', 'weapp', 'alipay']
/** File suffixes Taro picks for a platform, most specific first ('' is the shared file). */
const SUFFIXES: Record<Platform, string[]> = { h5: ['.h5', ''], weapp: ['.weapp', '.mini', ''], alipay: ['.alipay', '.mini', ''] }
const CODE_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js']

/**
 * Classes a component writes but intentionally leaves to a stylesheet its parent imports (file → classes, the
 * platforms where that holds, and why). Keep it short: a class a component needs for its own look belongs to a
 * stylesheet the component imports.
 */
const STYLED_BY_PARENT: Record<string, { classes: string[]; platforms: Platform[]; why: string }> = {
  'components/shell/Footer.tsx': {
    classes: ['footer__menus', 'footer__sections'],
    platforms: ['weapp', 'alipay'],
    why: 'wide-screen columns, H5 only (FooterWide.h5.ts imports FooterWide.scss); a mini-program screen is never wide'
  },
  'pages/home/index.tsx': {
    classes: ['home-page__first-row'],
    platforms: ['weapp', 'alipay'],
    why: 'wide-screen layout, H5 only (HomeWide.h5.ts imports HomeWide.scss); a mini-program screen is never wide'
  },
  'features/campaigns/components/HomeCampaignRow.h5.tsx': {
    classes: ['campaign-row', 'campaign-row--reserved'],
    platforms: ['h5'],
    why:
      "the placeholder keeps the row's room while the row's chunk (with Campaigns.scss) loads; its height is the home " +
      "page's (pages/home/index.scss), its only user, so Campaigns.scss stays out of H5's first load"
  },
  'components/product/RichDetail.tsx': {
    classes: ['product-page__section', 'product-page__section-title'],
    platforms: ['h5', 'weapp', 'alipay'],
    why: "the product page's description section: it takes the page's own section frame (packages/store/pages/product)"
  }
}

/**
 * Classes written but defined by no stylesheet are a finding (a typo, or a class whose rule was removed), except:
 * - a class a test selects by (named in a file under tests/ or src/features/<area>/tests): a hook, found by the check;
 * - the names below, reviewed when this check came in (2026-11): BEM names on wrappers and parts that need no rule of
 *   their own (a page's or section's root, a state modifier nothing styles yet, a text that inherits its parent's
 *   look). None was a misspelling of a defined class. Style one, or remove it from the markup, and drop it here.
 */
const UNSTYLED_NAMES: string[] = [
  'account-form__link--lookup', 'account-reset__unlinked', 'account-verify', 'bar-chart--empty',
  'campaign-card__price', 'campaign-you__link--pay', 'category-tiles__name',
  'checkout__saved-addresses', 'checkout__store-time', 'confirmation--in-process', 'confirmation--not-found',
  'email-confirmation', 'email-confirmation__resend', 'empty-state__message', 'footer__section--payment',
  'footer__section--social', 'general-page__content', 'influencer-editor__remove-section', 'influencer-move__back',
  'influencer-move__on', 'influencer-page', 'influencer-pick__image', 'influencer-pick__price',
  'influencer-section__image', 'influencers-page', 'live-rooms__more', 'members-benefits', 'members-history',
  'members-mine', 'members-offer', 'members-plan__price', 'my-account__influencer-link', 'my-account__orders-link',
  'my-account__referrer-link', 'order-detail__totals', 'order-line__qty', 'order-line__total', 'order-list',
  'order-lookup__again', 'order-row__total', 'paged-product-list', 'profile__email',
  'profile__form', 'profile__phone', 'quantity-stepper__decrease', 'referrer-charts',
  'referrer-group__join', 'referrer-groups', 'referrer-link', 'referrer-link__id', 'referrer-list', 'referrer-page',
  'referrer-pager__where', 'search-help__group', 'share-bar__copy', 'share-bar__sheet', 'shell--starting',
  'side-menu__item', 'side-menu__item--open', 'side-menu__sub', 'social-icons__name', 'spinner__label',
  'verified-contact__choose', 'verified-contact__form', 'verified-contact__photo-state', 'wechat-binding__link'
]

/* ---------- stylesheets: which classes each defines ---------- */

function stripComments(scss: string): string {
  return scss.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/[^\n]*/g, '$1')
}

/** Resolves a rule's selector list against its parent's (Sass nesting, `&` suffixes included). */
function nest(parents: string[], selector: string): string[] {
  const own = selector.split(',').map((s) => s.trim()).filter(Boolean)
  if (parents.length === 0) return own
  return parents.flatMap((p) => own.map((s) => (s.includes('&') ? s.replace(/&/g, p) : `${p} ${s}`)))
}

function classesDefinedBy(file: string): Set<string> {
  const text = stripComments(readFileSync(file, 'utf8'))
  const defined = new Set<string>()
  const stack: string[][] = []
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '{' && text[i - 1] === '#') {
      // Interpolation #{...}: part of a selector or a value, not a block.
      i = text.indexOf('}', i)
      continue
    }
    if (c === '{') {
      const head = text.slice(start, i).trim()
      const parents = stack.length ? stack[stack.length - 1] : []
      if (head.startsWith('@')) {
        // @media / @supports keep the parent's selector; a @mixin's `&` is whoever includes it.
        stack.push(/^@(mixin|function)\b/.test(head) ? [] : parents)
      } else {
        const selectors = nest(parents, head)
        for (const s of selectors) {
          for (const m of s.matchAll(/\.(-?[_a-zA-Z][\w-]*)(?!#\{)/g)) defined.add(m[1])
        }
        stack.push(selectors)
      }
      start = i + 1
    } else if (c === '}') {
      stack.pop()
      start = i + 1
    } else if (c === ';') {
      start = i + 1
    }
  }
  return defined
}

/* ---------- the import graph ---------- */

function resolveImport(from: string, spec: string, platform: Platform): string | undefined {
  let base: string
  if (spec.startsWith('@/')) base = path.join(src, spec.slice(2))
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec)
  else return undefined
  if (/\.s?css$/.test(spec)) {
    const partial = path.join(path.dirname(base), `_${path.basename(base)}`)
    return [base, partial].find((f) => existsSync(f))
  }
  for (const candidate of [base, path.join(base, 'index')]) {
    for (const suffix of SUFFIXES[platform]) {
      for (const ext of CODE_EXTENSIONS) {
        const file = `${candidate}${suffix}${ext}`
        if (existsSync(file)) return file
      }
    }
  }
  return undefined
}

/** A stylesheet's @use / @import of another stylesheet of the project (`sass:` modules are not files). */
function scssImports(file: string): string[] {
  const text = stripComments(readFileSync(file, 'utf8'))
  return [...text.matchAll(/@(?:use|import|forward)\s+['"]([^'"]+)['"]/g)]
    .map((m) => m[1])
    .filter((spec) => !spec.startsWith('sass:'))
    .flatMap((spec) => {
      const base = path.resolve(path.dirname(file), spec)
      const dir = path.dirname(base)
      const name = path.basename(base).replace(/\.scss$/, '')
      const found = [`${name}.scss`, `_${name}.scss`].map((n) => path.join(dir, n)).find((f) => existsSync(f))
      return found ? [found] : []
    })
}

/** Static imports and re-exports only: what a dynamic import() brings arrives later, from that module's chunk. */
function codeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g)]
    .filter((m) => !/^\s*(?:import|export)\s+type\s/.test(m[0].trim()))
    .map((m) => m[1])
}

const reachCache = new Map<string, Set<string>>()

/** Every stylesheet a file reaches through its static imports on a platform. */
function stylesheetsReached(entry: string, platform: Platform): Set<string> {
  const key = `${platform}:${entry}`
  const cached = reachCache.get(key)
  if (cached) return cached
  const seen = new Set<string>([entry])
  const todo = [entry]
  const sheets = new Set<string>()
  while (todo.length) {
    const file = todo.pop()!
    const next = file.endsWith('.scss')
      ? scssImports(file)
      : codeImports(file).flatMap((spec) => resolveImport(file, spec, platform) ?? [])
    for (const f of next) {
      if (seen.has(f)) continue
      seen.add(f)
      if (f.endsWith('.scss')) sheets.add(f)
      todo.push(f)
    }
  }
  reachCache.set(key, sheets)
  return sheets
}

/* ---------- class names a component writes ---------- */

const CLASS_ATTRIBUTE = /^(className|[a-zA-Z]*Class(Name)?)$/
const CLASS_NAME = /^-?[_a-zA-Z][\w-]*$/
/** Taro's own classes (its components and router), styled by Taro. */
const TARO_CLASS = /^taro[-_]/

/** Words of one literal chunk; `partialStart`/`partialEnd`: the chunk touches a ${...} there, so that word is built. */
function words(text: string, partialStart: boolean, partialEnd: boolean): string[] {
  const parts = text.split(/\s+/)
  return parts.filter((word, i) => {
    if (!word) return false
    if (i === 0 && partialStart) return false
    if (i === parts.length - 1 && partialEnd) return false
    return CLASS_NAME.test(word)
  })
}

/** Every value the expression can take is '' or starts with whitespace (unknown values might not). */
function startsApart(node: ts.Node): boolean {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text === '' || /^\s/.test(node.text)
  if (ts.isTemplateExpression(node)) return /^\s/.test(node.head.text)
  if (ts.isParenthesizedExpression(node)) return startsApart(node.expression)
  if (ts.isConditionalExpression(node)) return startsApart(node.whenTrue) && startsApart(node.whenFalse)
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
    return startsApart(node.left) && startsApart(node.right)
  }
  return false
}

/** Class names from an expression in a class attribute: literal values only, never compared-against strings. */
function classValues(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return words(node.text, false, false)
  if (ts.isTemplateExpression(node)) {
    // A word touching a ${...} is complete only when every value the ${...} can take starts with a space (or is '').
    const chunks = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)]
    const out: string[] = []
    chunks.forEach((text, i) => {
      const before = node.templateSpans[i - 1]?.expression
      const after = node.templateSpans[i]?.expression
      const joinsBefore = before !== undefined && !/^\s/.test(text)
      const joinsAfter = after !== undefined && !/\s$/.test(text) && !startsApart(after)
      out.push(...words(text, joinsBefore, joinsAfter))
      if (after && (/\s$/.test(text) || text === '' || startsApart(after))) out.push(...classValues(after))
    })
    return out
  }
  if (ts.isJsxExpression(node)) return node.expression ? classValues(node.expression) : []
  if (ts.isParenthesizedExpression(node)) return classValues(node.expression)
  if (ts.isConditionalExpression(node)) return [...classValues(node.whenTrue), ...classValues(node.whenFalse)]
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind
    if (op === ts.SyntaxKind.PlusToken) return [...classValues(node.left), ...classValues(node.right)]
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return classValues(node.right)
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) {
      return [...classValues(node.left), ...classValues(node.right)]
    }
    return []
  }
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap(classValues)
  // [...].filter(Boolean).join(' ')
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
    return classValues(node.expression.expression)
  }
  return []
}

const usedCache = new Map<string, Set<string>>()

function classesUsedBy(file: string): Set<string> {
  const cached = usedCache.get(file)
  if (cached) return cached
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const used = new Set<string>()
  const visit = (node: ts.Node) => {
    if (ts.isJsxAttribute(node) && CLASS_ATTRIBUTE.test(node.name.getText(source)) && node.initializer) {
      for (const name of classValues(node.initializer)) if (!TARO_CLASS.test(name)) used.add(name)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  usedCache.set(file, used)
  return used
}

/** Platforms a source file is built for: its own suffix, or those no platform-specific sibling replaces it on. */
function platformsOf(file: string): Platform[] {
  const m = /^(.*?)(\.(h5|weapp|alipay|mini))?(\.[jt]sx?)$/.exec(file)!
  const suffix = m[3]
  if (suffix === 'mini') return ['weapp', 'alipay']
  if (suffix) return [suffix as Platform]
  return PLATFORMS.filter((p) => resolveImport(file, `./${path.basename(m[1])}`, p) === file)
}

/* ---------- the check ---------- */

const testFiles = [
  ...filesUnder(path.resolve(src, '..', 'tests'), (n) => /\.(m?js|tsx?)$/.test(n)),
  ...filesUnder(path.join(src, 'features'), (n) => /\.tsx?$/.test(n)).filter((f) => f.includes(`${path.sep}tests${path.sep}`))
].filter((f) => f !== __filename)
const testSources = testFiles.map((f) => readFileSync(f, 'utf8')).join('\n')

/** A test selects by the class (as a whole word, so `order-row` does not count for `order-row__total`). */
function selectedByTests(className: string): boolean {
  return new RegExp(`(^|[^\\w-])${className.replace(/-/g, '\\-')}(?![\\w-])`).test(testSources)
}

const stylesheets = filesUnder(src, (n) => n.endsWith('.scss'))
const definedBy = new Map<string, string[]>()
for (const sheet of stylesheets) {
  for (const name of classesDefinedBy(sheet)) definedBy.set(name, [...(definedBy.get(name) ?? []), sheet])
}
const components = filesUnder(src, (n) => n.endsWith('.tsx'))
const global = Object.fromEntries(PLATFORMS.map((p) => [p, stylesheetsReached(path.join(src, 'app.ts'), p)])) as Record<
  Platform,
  Set<string>
>

interface StyleFinding {
  file: string
  className: string
  /** Stylesheets that define the class (none: defined nowhere). */
  definedIn: string[]
  platforms: Platform[]
}

let found: StyleFinding[] | undefined

function findings(): StyleFinding[] {
  if (found) return found
  const out: StyleFinding[] = []
  for (const file of components) {
    const parent = STYLED_BY_PARENT[rel(file)]
    for (const className of classesUsedBy(file)) {
      const platforms = platformsOf(file).filter((p) => !(parent?.classes.includes(className) && parent.platforms.includes(p)))
      if (platforms.length === 0) continue
      const sheets = definedBy.get(className) ?? []
      if (sheets.length === 0) {
        if (!UNSTYLED_NAMES.includes(className) && !selectedByTests(className)) out.push({ file: rel(file), className, definedIn: [], platforms })
        continue
      }
      const missing = platforms.filter((p) => {
        const reached = stylesheetsReached(file, p)
        return !sheets.some((s) => reached.has(s) || global[p].has(s))
      })
      if (missing.length) out.push({ file: rel(file), className, definedIn: sheets.map(rel), platforms: missing })
    }
  }
  found = out
  return out
}

describe('components import the stylesheets of the classes they use', () => {
  it('reads the sources: classes, selectors and imports', () => {
    expect(components.length).toBeGreaterThan(100)
    const card = path.join(src, 'components', 'product', 'ProductCard.tsx')
    expect(classesUsedBy(card)).toContain('product-card')
    expect(definedBy.get('product-card')).toContain(path.join(src, 'components', 'product', 'ProductCard.scss'))
    expect(stylesheetsReached(card, 'weapp')).toContain(path.join(src, 'components', 'product', 'ProductCard.scss'))
    // Nested BEM selectors (&__element, &--modifier) resolve to full class names.
    expect([...definedBy.keys()].some((n) => /^product-card__/.test(n))).toBe(true)
  })

  it('takes the literal class names and skips the parts built from values', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'style-imports-'))
    try {
      const tsx = path.join(dir, 'Sample.tsx')
      writeFileSync(
        tsx,
        [
          'export const A = ({ on, name, tone, other }) => (',
          '  <View className={`card${on ? \' card--on\' : \'\'}`} hoverClass="card--pressed">',
          '    <Text className={`icon icon--${name}`} />',
          '    <Text className={`badge__${tone ? \'x\' : \'y\'}`} />',
          "    <Text className={on ? 'row row--first' : undefined} />",
          "    <Text className={tone === 'dark' ? 'label' : 'taro-text-core'} />",
          '    <Text className={`link${other ? ` ${other}` : \'\'}`} />',
          '  </View>',
          ')'
        ].join('\n')
      )
      expect([...classesUsedBy(tsx)].sort()).toEqual(['card', 'card--on', 'card--pressed', 'icon', 'label', 'link', 'row', 'row--first'])
      const scss = path.join(dir, 'Sample.scss')
      writeFileSync(scss, '.card { &__title { a: b; } &--on, .other & { c: d; } @media (x) { .row { e: f; } } }\n@mixin m { .mixed { g: h; } }')
      expect([...classesDefinedBy(scss)].sort()).toEqual(['card', 'card--on', 'card__title', 'mixed', 'other', 'row'])
    } finally {
      rmSync(dir, { recursive: true })
    }
  })

  it('every class a component uses is defined by a stylesheet it imports (or app.scss)', () => {
    expect(findings().filter((f) => f.definedIn.length > 0).map((f) => `${f.file}: .${f.className} (${f.definedIn.join(', ')})`)).toEqual([])
  })

  it('every class a component uses is defined by some stylesheet, or is a hook a test selects by', () => {
    expect(findings().filter((f) => f.definedIn.length === 0).map((f) => `${f.file}: .${f.className}`)).toEqual([])
  })

  it('keeps no stale allow-list entry', () => {
    const stale = Object.entries(STYLED_BY_PARENT).flatMap(([file, { classes }]) => {
      const used = classesUsedBy(path.join(src, file))
      return classes.filter((c) => !used.has(c)).map((c) => `${file}: ${c}`)
    })
    const staleNames = UNSTYLED_NAMES.filter(
      (c) => definedBy.has(c) || selectedByTests(c) || !components.some((f) => classesUsedBy(f).has(c))
    )
    expect([...stale, ...staleNames]).toEqual([])
  })
})
