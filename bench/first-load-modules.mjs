#!/usr/bin/env node
/**
 * What the H5 first load carries, by module: reads the webpack stats of a production H5 build made
 * with ISTORE_BUNDLE_STATS=<file> (config/prod.ts) and the first-load files bench/lib/sizes.mjs counts,
 * and prints each first-load chunk's modules grouped by package or source folder, largest first.
 * Sizes are webpack's module sizes before minification (they rank modules; gzip is what the bench counts).
 *
 *   ISTORE_BUNDLE_STATS=$PWD/bench/.work/h5-stats.json npm run build:h5
 *   node bench/first-load-modules.mjs [stats.json] [--all] [--dist DIR]
 *   (--all: every module, not just groups; --dist: the H5 output the stats belong to, default dist/h5 —
 *   others build into dist/ too, so a copy taken under the build lock is safer)
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { h5FirstLoad } from './lib/sizes.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const distAt = args.indexOf('--dist')
const dist = distAt >= 0 ? path.resolve(args[distAt + 1]) : path.join(root, 'dist', 'h5')
const statsFile = args.find((a, i) => !a.startsWith('--') && i !== distAt + 1) ?? path.join(root, 'bench', '.work', 'h5-stats.json')
const all = args.includes('--all')
const stats = JSON.parse(readFileSync(statsFile, 'utf8'))
const first = h5FirstLoad(dist)
const kb = (n) => `${(n / 1024).toFixed(1)} KB`

function group(name) {
  const clean = name.replace(/^.*!/, '').replace(/ \+ \d+ modules$/, '').replace(/^\.\//, '')
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)(\/(?:dist|lib)?\/?(?:[^/]+\/)?)?/.exec(clean)
  if (nm) return nm[1]
  const src = /^src\/((?:[^/]+\/)?[^/]+)/.exec(clean)
  return src ? `src/${src[1]}` : clean
}

function flatten(modules) {
  return modules.flatMap((m) => (m.modules ? flatten(m.modules) : [m]))
}

for (const f of first.files) {
  const chunk = stats.chunks.find((c) => c.files.includes(f.file))
  console.log(`\n${f.file}  (${kb(f.bytes)} raw, ${kb(f.gzip)} gzip)${chunk ? `  chunk ${chunk.id} ${chunk.names.join(',')}` : '  (no chunk in stats: build and stats differ?)'}`)
  if (!chunk) continue
  const modules = flatten(chunk.modules ?? [])
  const groups = new Map()
  for (const m of modules) {
    if (!m.name) continue
    const g = all ? m.name : group(m.name)
    groups.set(g, (groups.get(g) ?? 0) + (m.size ?? 0))
  }
  for (const [g, size] of [...groups].sort((a, b) => b[1] - a[1])) if (size > 300) console.log(`  ${kb(size).padStart(9)}  ${g}`)
}
console.log(`\nfirst load: ${kb(first.gzip)} gzip in ${first.files.length} files (entry page ${first.entryPage})`)
