/**
 * Output sizes, read from built files only (so they are deterministic and need no browser):
 * - H5 first-load JS: the scripts index.html loads, plus the chunks the entry page's route loads
 *   (Taro's H5 router imports each page lazily), gzip level 9 per file like a static server would.
 * - Mini-program packages: every file of the main package and of each sub-package root
 *   (from app.json), source maps excluded, against the platforms' 2 MB per-package limit.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export const PACKAGE_LIMIT_BYTES = 2 * 1024 * 1024

const gzipBytes = (buf) => gzipSync(buf, { level: 9 }).length

/** The entry page's chunk ids: `"path":"pages/home/index","load":function(a,o){return[s.e(111).then(...),a,o]}`. */
function entryPageChunkIds(appJs) {
  const route = /"path":"([^"]+)","load":function[^(]*\([^)]*\)\{return\[/.exec(appJs)
  if (!route) throw new Error('first-load JS: no page route found in the H5 app bundle (did Taro change its router output?)')
  const end = appJs.indexOf(']}', route.index)
  const body = appJs.slice(route.index, end)
  return { page: route[1], ids: [...body.matchAll(/\.e\((\d+)\)/g)].map((m) => m[1]) }
}

export function h5FirstLoad(dir) {
  const indexFile = path.join(dir, 'index.html')
  if (!existsSync(indexFile)) throw new Error(`first-load JS: ${indexFile} is missing; build the H5 app first`)
  const html = readFileSync(indexFile, 'utf8')
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1].replace(/^\//, ''))
  const appScript = scripts.find((s) => /(^|\/)app\.[^/]*\.js$/.test(s))
  if (!appScript) throw new Error(`first-load JS: index.html in ${dir} loads no app.*.js`)
  const { page, ids } = entryPageChunkIds(readFileSync(path.join(dir, appScript), 'utf8'))
  const jsDir = path.join(dir, 'js')
  const cssDir = path.join(dir, 'css')
  const named = (folder, id, ext) => existsSync(folder) && readdirSync(folder).find((f) => new RegExp(`^${id}\\.[0-9a-f]+\\.${ext}$`).test(f))
  const chunkFiles = ids.flatMap((id) => {
    const file = named(jsDir, id, 'js')
    if (file) return [`js/${file}`]
    // A chunk of styles only (mini-css-extract) has no JS file: nothing to count here.
    if (named(cssDir, id, 'css')) return []
    throw new Error(`first-load JS: chunk ${id} of ${page} not found in ${jsDir}`)
  })
  const files = [...scripts, ...chunkFiles].map((file) => {
    const buf = readFileSync(path.join(dir, file))
    return { file, bytes: buf.length, gzip: gzipBytes(buf) }
  })
  return {
    entryPage: page,
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0)
  }
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .map((rel) => path.join(dir, rel))
    .filter((file) => statSync(file).isFile() && !file.endsWith('.map'))
}

/** Every file of the main package and of each sub-package root (from app.json): { main: [{ file, bytes }], roots, byRoot }. */
export function miniPackageFiles(dir) {
  const appJson = path.join(dir, 'app.json')
  if (!existsSync(appJson)) throw new Error(`package sizes: ${appJson} is missing; build the mini-program first`)
  const app = JSON.parse(readFileSync(appJson, 'utf8'))
  const roots = (app.subPackages ?? app.subpackages ?? []).map((p) => p.root.replace(/\/+$/, ''))
  const byRoot = new Map(roots.map((root) => [root, []]))
  const main = []
  for (const file of filesUnder(dir)) {
    const rel = path.relative(dir, file).split(path.sep).join('/')
    const entry = { file: rel, bytes: statSync(file).size }
    const root = roots.find((r) => rel.startsWith(`${r}/`))
    ;(root ? byRoot.get(root) : main).push(entry)
  }
  return { main, roots, byRoot }
}

const sum = (files) => files.reduce((total, f) => total + f.bytes, 0)

export function miniPackages(dir) {
  const { main, roots, byRoot } = miniPackageFiles(dir)
  const subPackages = roots.map((root) => ({ root, bytes: sum(byRoot.get(root)) }))
  return {
    main: sum(main),
    subPackages,
    total: sum(main) + sum(subPackages)
  }
}
