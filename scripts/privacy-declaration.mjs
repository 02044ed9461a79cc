/**
 * The privacy declaration of the mini-programs (issue 41 item 1), generated from the code so it cannot drift: every host
 * API the app calls in src/ (Taro.x(…), wx.x / my.x in a platform's own files, a Button's openType), checked against the
 * host's list of privacy APIs and the purposes declared in src/platform/privacy-declaration.json. A privacy API the code
 * calls without a declared purpose is an error. The section "Privacy declaration" of docs/deploy.md, between its
 * markers, is this script's output.
 *
 *   node scripts/privacy-declaration.mjs           prints the section
 *   node scripts/privacy-declaration.mjs --check   exit 1 if a privacy API is undeclared or docs/deploy.md is stale
 *   node scripts/privacy-declaration.mjs --write   rewrites the section in docs/deploy.md (after changing the JSON)
 *
 * tests/unit/privacyDeclaration.test.ts runs the same check.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const START = '<!-- privacy-declaration:start (written by scripts/privacy-declaration.mjs --write; do not edit by hand) -->'
export const END = '<!-- privacy-declaration:end -->'
export const PLATFORMS = ['weapp', 'alipay']
/** Taro's own calls, not the host's. */
const TARO_OWN = new Set(['getCurrentInstance'])

/** The app's source files (not tests, not H5-only ones): { path relative to root, text }. */
export function sourceFiles(root) {
  const dir = path.join(root, 'src')
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/(^|\/)tests\//.test(f) && !/\.h5\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .sort()
    .map((f) => ({ path: `src/${f.split(path.sep).join('/')}`, text: readFileSync(path.join(dir, f), 'utf8') }))
}

/** Host APIs each mini-program build calls: Map<platform, Map<api, Set<file>>>. */
export function apisUsed(files) {
  const used = new Map(PLATFORMS.map((p) => [p, new Map()]))
  const add = (platforms, api, file) => {
    for (const p of platforms) {
      const byApi = used.get(p)
      if (!byApi.has(api)) byApi.set(api, new Set())
      byApi.get(api).add(file)
    }
  }
  for (const { path: file, text } of files) {
    const only = /\.weapp\.tsx?$/.test(file) ? ['weapp'] : /\.alipay\.tsx?$/.test(file) ? ['alipay'] : PLATFORMS
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')
    for (const [, api] of code.matchAll(/\bTaro\.([a-zA-Z]\w*)\s*\(/g)) if (!TARO_OWN.has(api)) add(only, api, file)
    for (const [, host, api] of code.matchAll(/\b(wx|my)\.([a-zA-Z]\w*)\b/g)) {
      if ((host === 'wx' && only.includes('weapp')) || (host === 'my' && only.includes('alipay'))) add(host === 'wx' ? ['weapp'] : ['alipay'], api, file)
    }
    for (const [, , type] of code.matchAll(/openType(=|:\s*)["']([a-zA-Z|]+)["']/g)) {
      for (const t of type.split('|')) add(only, `open-type:${t}`, file)
    }
  }
  return used
}

/** Per platform: the privacy APIs used with their declaration, the undeclared ones, and the other APIs used. */
export function declarationOf(declaration, used) {
  return PLATFORMS.map((platform) => {
    const spec = declaration[platform]
    const byApi = used.get(platform)
    const privacy = [...byApi.keys()].filter((api) => api in spec.privacyApis).sort()
    return {
      platform,
      spec,
      declared: privacy.filter((api) => spec.declared[api]).map((api) => ({ api, info: spec.privacyApis[api], purpose: spec.declared[api], files: [...byApi.get(api)] })),
      undeclared: privacy.filter((api) => !spec.declared[api]).map((api) => ({ api, info: spec.privacyApis[api], files: [...byApi.get(api)] })),
      others: [...byApi.keys()].filter((api) => !(api in spec.privacyApis)).sort()
    }
  })
}

/** The section of docs/deploy.md, markers included. */
export function section(declared) {
  const lines = [START, '']
  for (const { spec, declared: apis, others } of declared) {
    lines.push(`**${spec.name}**: declare in ${spec.console}. The host's list of privacy APIs: ${spec.source}`, '')
    lines.push('| API the build calls | information (the guide\'s item) | purpose (zh, as declared) | purpose (en) | called in |', '|---|---|---|---|---|')
    for (const a of apis) lines.push(`| \`${a.api}\` | ${a.info} | ${a.purpose.zh} | ${a.purpose.en} | ${a.files.map((f) => `\`${f}\``).join(', ')} |`)
    lines.push('', `Other host APIs the build calls, not privacy APIs (nothing to declare): ${others.map((a) => `\`${a}\``).join(', ')}.`, '')
  }
  lines.push(END)
  return lines.join('\n')
}

export function readDeclaration(root) {
  return JSON.parse(readFileSync(path.join(root, 'src/platform/privacy-declaration.json'), 'utf8'))
}

/** Problems: undeclared privacy APIs, and a docs/deploy.md section that is not the generated one. */
export function problems(root, files = sourceFiles(root)) {
  const declared = declarationOf(readDeclaration(root), apisUsed(files))
  const found = declared.flatMap(({ platform, undeclared }) =>
    undeclared.map((u) => `${platform}: ${u.api} (${u.info}) is called in ${u.files.join(', ')} but has no purpose in src/platform/privacy-declaration.json`))
  return { declared, found, text: section(declared) }
}

function docSection(doc) {
  const start = doc.indexOf(START)
  const end = doc.indexOf(END)
  return start < 0 || end < start ? null : doc.slice(start, end + END.length)
}

if (process.argv[1] && path.basename(process.argv[1]) === 'privacy-declaration.mjs') {
  const root = path.resolve(path.dirname(process.argv[1]), '..')
  const docPath = path.join(root, 'docs/deploy.md')
  const { found, text } = problems(root)
  const mode = process.argv[2] ?? ''
  if (found.length) {
    for (const p of found) console.error(p)
    process.exit(1)
  }
  if (mode === '--write') {
    const doc = readFileSync(docPath, 'utf8')
    const current = docSection(doc)
    if (!current) {
      console.error(`docs/deploy.md has no ${START} … ${END} section to write into`)
      process.exit(1)
    }
    writeFileSync(docPath, doc.replace(current, text))
    console.log('docs/deploy.md: privacy declaration written')
  } else if (mode === '--check') {
    if (docSection(readFileSync(docPath, 'utf8')) !== text) {
      console.error('docs/deploy.md: the privacy declaration is stale; run node scripts/privacy-declaration.mjs --write')
      process.exit(1)
    }
  } else {
    console.log(text)
  }
}
