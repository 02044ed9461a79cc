/**
 * Where a mini-program main package's bytes go (issue 16: "the bench shows where the bytes go"):
 * - by file: every file of the main package (outside the sub-package roots of app.json), exact sizes, largest first;
 * - by source module: webpack's stats of the same build (config/prod.ts writes them when ISTORE_BUNDLE_STATS names a
 *   file) give the modules of each main-package chunk. Minification happens per file, so a module's share of its
 *   file is estimated from its size before minification: file bytes × module size / all modules' size in that file
 *   (scripts share the .js file, styles the .wxss/.acss file). Templates (base.wxml) and configs have no modules.
 *   Modules are grouped per source file (src/…, contract/…) and per package (node_modules).
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { miniPackageFiles } from './sizes.mjs'

const STYLE_EXT = /\.(wxss|acss)$/
const STYLE_MODULE = /\.(s?css|less)(\?.*)?$/

/** node_modules/<package> or the source path, without loaders, query or webpack's "+ n modules". */
export function moduleGroup(name) {
  const clean = name.replace(/^.*!/, '').replace(/ \+ \d+ modules$/, '').replace(/\?.*$/, '').replace(/^\.\//, '')
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean)
  return nm ? nm[1] : clean
}

const flatten = (modules) => modules.flatMap((m) => (m.modules ? flatten(m.modules) : [m]))

/**
 * { files: [{ file, bytes }], modules: [{ module, bytes }] | null, modulesNote }.
 * `statsFile` must come from the build in `dir` (a stats file older than the build is refused: its modules would lie).
 */
export function mainPackageBreakdown(dir, statsFile, top = 25) {
  const { main } = miniPackageFiles(dir)
  const files = main.sort((a, b) => b.bytes - a.bytes)
  if (!statsFile || !existsSync(statsFile)) return { files, modules: null, modulesNote: 'no webpack stats for this build (ISTORE_BUNDLE_STATS)' }
  if (statSync(statsFile).mtimeMs < statSync(path.join(dir, 'app.json')).mtimeMs - 60_000) {
    return { files, modules: null, modulesNote: `${statsFile} is older than the build in ${dir}` }
  }
  const stats = JSON.parse(readFileSync(statsFile, 'utf8'))
  const mainFiles = new Map(files.map((f) => [f.file, f.bytes]))
  const byGroup = new Map()
  for (const chunk of stats.chunks) {
    const modules = flatten(chunk.modules ?? []).filter((m) => m.name && m.size)
    for (const file of chunk.files ?? []) {
      if (!mainFiles.has(file) || !/\.(js|wxss|acss)$/.test(file)) continue
      const style = STYLE_EXT.test(file)
      const own = modules.filter((m) => STYLE_MODULE.test(m.name.replace(/^.*!/, '')) === style)
      const total = own.reduce((sum, m) => sum + m.size, 0)
      for (const m of own) {
        const group = moduleGroup(m.name)
        byGroup.set(group, (byGroup.get(group) ?? 0) + (mainFiles.get(file) * m.size) / total)
      }
    }
  }
  const modules = [...byGroup]
    .map(([module, bytes]) => ({ module, bytes: Math.round(bytes) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top)
  return { files, modules, modulesNote: 'estimated: each file’s minified bytes shared by its modules’ sizes before minification' }
}
