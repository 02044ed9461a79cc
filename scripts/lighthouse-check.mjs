#!/usr/bin/env node
/**
 * The Lighthouse check (issue 42 item 5): Lighthouse's mobile preset on home, a product list, a product page and the
 * cart of the built H5 app (dist/h5) against the reference server, compared with the stored baseline
 * (bench/lighthouse-baseline.json). It fails when a page's work on the main thread has grown beyond the tolerance:
 * the regression of 2026-12-01 (total blocking time 2.6 s, main-thread work 7.9 s under the 4x slowdown) would fail it.
 *
 *   node scripts/lighthouse-check.mjs            check (exit 1 on a regression)
 *   node scripts/lighthouse-check.mjs --update   measure and write the baseline (commit it with the change that moved it)
 *   LIGHTHOUSE_CHECK_RUNS=3                      runs per page (median); 1 by default, to stay within the test-time budget
 *   --base-url=http://127.0.0.1:PORT             measure a reference server already running instead of starting one
 *
 * A busy machine: what is compared is CPU time (bench/lib/cpuTime.mjs), not Lighthouse's score or its TBT. Both come
 * from wall-clock task lengths, which another process' work on a 2-core machine stretches (a 50 ms task can take
 * 500 ms when the load average is 20), while a task's CPU time grows far less: one page's main-thread CPU, measured twice
 * at a load average of 33-37 on 2 cores, was 1035 and 1581 ms (1.5x), its Lighthouse TBT 3308 and 2847 ms. Per page:
 * - CPU TBT (each task after the first paint: 4x its CPU time less 50 ms) at most baseline x 1.75 + 250 ms;
 * - main-thread CPU of the load at most baseline x 1.75 + 250 ms.
 * A page over a limit in its one run is measured three times more and judged by their median.
 * The regression of 2026-12-01 was about 4x (TBT 2.6 s against under 0.2 s). A baseline measured on a busy machine is
 * generous on a quiet one; measure it (--update) on a quiet machine.
 * Lighthouse's own score and TBT are printed beside them, with the load average, and not judged.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { lighthouseAudit } from '../bench/lib/lighthouse.mjs'
import { auditedPages } from '../bench/lib/pages.mjs'
import { repoRoot, startServer } from '../bench/lib/server.mjs'

const BASELINE = path.join(repoRoot, 'bench', 'lighthouse-baseline.json')
const PAGES = ['home', 'product list', 'product page', 'cart']
const RUNS = Number(process.env.LIGHTHOUSE_CHECK_RUNS || 1)
const LIMITS = {
  cpuTbtMs: { factor: 1.75, slackMs: 250 },
  mainThreadCpuMs: { factor: 1.75, slackMs: 250 }
}

const update = process.argv.includes('--update')
if (!process.argv.some((a) => a.startsWith('--base-url=')) && !existsSync(path.join(repoRoot, 'dist', 'h5', 'index.html'))) throw new Error('dist/h5 is not built: npm run build:h5')

// Read before a server starts: a missing or broken baseline stops the check with nothing left running.
const baseline = update ? undefined : JSON.parse(readFileSync(BASELINE, 'utf8'))
// --base-url URL: a reference server already running (serving the build to measure) instead of one of its own.
const given = process.argv.find((a) => a.startsWith('--base-url='))?.slice('--base-url='.length)
const server = given ? { baseUrl: given, stop: async () => {} } : await startServer({ logFile: path.join(repoRoot, 'bench', '.work', 'lighthouse-check-server.log') })
/** A page's figures against their limits: each as [key, value, limit]; a page not in the baseline has none. */
const judged = (p) => Object.entries(LIMITS).map(([key, { factor, slackMs }]) =>
  [key, p[key], Math.round(baseline.pages[p.page][key] * factor + slackMs)])
const overLimits = (p) => baseline.pages[p.page] !== undefined && judged(p).some(([, value, limit]) => value > limit)
let measured
try {
  const { pages } = await auditedPages(server.baseUrl)
  const audited = pages.filter((p) => PAGES.includes(p.name))
  measured = await lighthouseAudit(server.baseUrl, { pages: audited }, { runs: RUNS, categories: ['performance'] })
  // One load is one sample: a page over its limits is measured three times more and judged by their median, as the
  // bench does. A regression like 2026-12-01's (about 4x) is over in every run; a busy moment (a run at a load
  // average of 13.8 measured the cart's CPU TBT at 2.6x its baseline) is not in all three.
  const suspects = update ? [] : audited.filter((page) => overLimits(measured.find((m) => m.page === page.name)))
  if (suspects.length) {
    console.log(`lighthouse-check: ${suspects.map((p) => p.name).join(', ')} over a limit once: measured three times more, judged by the median`)
    const again = await lighthouseAudit(server.baseUrl, { pages: suspects }, { runs: 3, categories: ['performance'] })
    measured = measured.map((m) => again.find((a) => a.page === m.page) ?? m)
  }
} finally {
  await server.stop()
}
const loadAverage = os.loadavg()[0].toFixed(1)

if (update) {
  const baseline = {
    note: 'CPU-time figures of the Lighthouse check (scripts/lighthouse-check.mjs --update); Lighthouse score and TBT for the record only',
    measuredAt: new Date().toISOString(),
    loadAverage: Number(loadAverage),
    pages: Object.fromEntries(measured.map((p) => [p.page, { cpuTbtMs: p.cpuTbtMs, mainThreadCpuMs: p.mainThreadCpuMs, performance: p.performance, tbtMs: p.tbtMs }]))
  }
  writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`)
  console.log(`lighthouse-check: baseline written to ${path.relative(repoRoot, BASELINE)}`)
  process.exit(0)
}

const failures = []
for (const p of measured) {
  const base = baseline.pages[p.page]
  if (!base) {
    failures.push(`${p.page}: not in the baseline (node scripts/lighthouse-check.mjs --update)`)
    continue
  }
  const parts = []
  for (const [key, value, limit] of judged(p)) {
    parts.push(`${key} ${value} ms (baseline ${base[key]}, limit ${limit})`)
    if (value > limit) failures.push(`${p.page}: ${key} ${value} ms over its limit ${limit} ms (baseline ${base[key]} ms); longest task ${p.longestTaskCpuMs} ms of CPU`)
  }
  console.log(`lighthouse-check ${p.page}: ${parts.join(', ')}; Lighthouse performance ${p.performance}, TBT ${p.tbtMs} ms (wall clock, not judged)`)
}
console.log(`lighthouse-check: load average ${loadAverage} at the end`)
if (failures.length) {
  console.error(`lighthouse-check: the first load's main-thread work grew:\n- ${failures.join('\n- ')}`)
  process.exit(1)
}
console.log('lighthouse-check: every page within its limits')
