/**
 * Where a mini-program main package's bytes go (issue 16: "the bench shows where the bytes go"):
 * - by file: every file of the main package (outside the sub-package roots of app.json), exact sizes, largest first;
 * - by source module, from webpack's stats of the same build (config/prod.ts writes them when ISTORE_BUNDLE_STATS
 *   names a file). Scripts: each chunk file is parsed and every module factory in it (`1635:function(e,t,r){…}`)
 *   measured as emitted, minified and tree-shaken; a factory webpack made of several concatenated modules
 *   ("x + 3 modules") is shared among them by their sizes before minification. What is outside the factories (the
 *   chunk wrapper, app.js's webpack runtime) counts as "(webpack runtime and chunk wrappers)". Styles (.wxss/.acss) are
 *   minified as one text, so a style module's share of its file is estimated from its size before minification.
 *   Templates (base.wxml) and configs have no modules: the file table shows them.
 *   Modules are grouped per source file (src/…, contract/…) and per package (node_modules).
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'acorn'
import { miniPackageFiles } from './sizes.mjs'

const STYLE_EXT = /\.(wxss|acss)$/
const STYLE_MODULE = /\.(s?css|less)(\?.*)?$/
export const RUNTIME = '(webpack runtime and chunk wrappers)'

/** node_modules/<package> or the source path, without loaders, query or webpack's "+ n modules". */
export function moduleGroup(name) {
  const clean = name.replace(/^.*!/, '').replace(/ \+ \d+ modules$/, '').replace(/\?.*$/, '').replace(/^\.\//, '')
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean)
  return nm ? nm[1] : clean
}

/** Bytes of each module factory in a webpack chunk file: the object literal whose keys are module ids. */
export function factoryBytes(code) {
  const found = new Map()
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return
    if (
      node.type === 'ObjectExpression' &&
      node.properties.length &&
      node.properties.every((p) => p.type === 'Property' && p.key.type === 'Literal' && /Function/.test(p.value.type))
    ) {
      for (const p of node.properties) found.set(String(p.key.value), Buffer.byteLength(code.slice(p.start, p.end)))
      return
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit)
      else if (value && typeof value === 'object') visit(value)
    }
  }
  visit(parse(code, { ecmaVersion: 'latest', sourceType: 'script' }))
  return found
}

function add(map, key, bytes) {
  map.set(key, (map.get(key) ?? 0) + bytes)
}

/** A module's bytes spread over what it is made of (the modules webpack concatenated into it), by their sizes. */
function share(map, module, bytes) {
  const parts = (module.modules ?? []).filter((m) => m.name && m.size)
  const total = parts.reduce((sum, m) => sum + m.size, 0)
  if (!total) return add(map, moduleGroup(module.name), bytes)
  for (const part of parts) add(map, moduleGroup(part.name), (bytes * part.size) / total)
}

/**
 * { files: [{ file, bytes }], modules: [{ module, bytes }] | null, modulesNote }.
 * `statsFile` must come from the build in `dir` (a stats file older than the build is refused: its modules would lie).
 */
export function mainPackageBreakdown(dir, statsFile, top = 25) {
  const { main } = miniPackageFiles(dir)
  const files = main.sort((a, b) => b.bytes - a.bytes)
  if (!statsFile || !existsSync(statsFile)) return { files, modules: null, modulesNote: 'no webpack stats for this build (ISTORE_BUNDLE_STATS)' }
  if (statSync(statsFile).mtimeMs < statSync(path.join(dir, 'app.json')).mtimeMs - 60_000) {
    return { files, modules: null, modulesNote: `${path.basename(statsFile)} is older than the build in ${dir}` }
  }
  const stats = JSON.parse(readFileSync(statsFile, 'utf8'))
  const mainFiles = new Map(files.map((f) => [f.file, f.bytes]))
  const byGroup = new Map()
  for (const chunk of stats.chunks) {
    const modules = (chunk.modules ?? []).filter((m) => m.name)
    for (const file of chunk.files ?? []) {
      const bytes = mainFiles.get(file)
      if (bytes === undefined) continue
      if (STYLE_EXT.test(file)) {
        const styles = modules.flatMap((m) => m.modules ?? [m]).filter((m) => m.size && STYLE_MODULE.test(m.name.replace(/^.*!/, '')))
        const total = styles.reduce((sum, m) => sum + m.size, 0)
        for (const m of styles) add(byGroup, moduleGroup(m.name), (bytes * m.size) / total)
      } else if (file.endsWith('.js')) {
        const factories = factoryBytes(readFileSync(path.join(dir, file), 'utf8'))
        let inFactories = 0
        for (const m of modules) {
          const own = factories.get(String(m.id))
          if (own === undefined) continue
          inFactories += own
          share(byGroup, m, own)
        }
        add(byGroup, RUNTIME, bytes - inFactories)
      }
    }
  }
  const modules = [...byGroup]
    .map(([module, bytes]) => ({ module, bytes: Math.round(bytes) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top)
  return {
    files,
    modules,
    modulesNote: 'scripts as emitted (minified, tree-shaken); styles estimated from their sizes before minification'
  }
}
