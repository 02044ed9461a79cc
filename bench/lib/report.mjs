/** bench/report.md from the report object (bench/report.json has the same numbers, and more). */
import { scaleSection } from './scaleReport.mjs'
import { CART_TARGETS, kb } from './targets.mjs'

const CART_SESSIONS_NOTE = '200 guest carts in rotation, 50 connections'

const table = (head, rows) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n')
const pct = (part, whole) => `${((part / whole) * 100).toFixed(1)}%`
const LIMIT = 2 * 1024 * 1024

function miniTable(platform, sizes) {
  const { store, floor } = sizes
  const rows = [
    ['main', kb(store.main), pct(store.main, LIMIT), kb(floor.main), `${(store.main / floor.main).toFixed(2)}×`],
    ...store.subPackages.map((p) => [p.root, kb(p.bytes), pct(p.bytes, LIMIT), '—', '—']),
    ['total', kb(store.total), '—', kb(floor.total), `${(store.total / floor.total).toFixed(2)}×`]
  ]
  return `### ${platform}\n\n${table(['package', 'store', 'of 2 MB', 'floor', 'store / floor'], rows)}\n\n${whereBytesGo(sizes.mainBytes)}`
}

/** The main package by file (store beside the floor) and by source module (bench/lib/mainBytes.mjs). */
function whereBytesGo(mainBytes, top = 20) {
  if (!mainBytes) return ''
  const floor = new Map(mainBytes.floor.files.map((f) => [f.file, f.bytes]))
  const files = table(['main package file', 'store', 'floor'], mainBytes.store.files.slice(0, top).map((f) => [`\`${f.file}\``, kb(f.bytes), floor.has(f.file) ? kb(floor.get(f.file)) : '—']))
  const modules = mainBytes.store.modules
    ? `By source module, largest ${top} — ${mainBytes.store.modulesNote}:\n\n${table(['source module (main package)', 'bytes'], mainBytes.store.modules.slice(0, top).map((m) => [`\`${m.module}\``, kb(m.bytes)]))}`
    : `No breakdown by source module: ${mainBytes.store.modulesNote}.`
  return `Where the main package's bytes go, by file (largest ${top}):\n\n${files}\n\n${modules}`
}

function shopperSection(demo) {
  const runs = [['embedded', demo.shoppers], ['PostgreSQL', demo.postgres?.shoppers]].filter(([, s]) => s)
  if (!runs.length) return ''
  const steps = Object.keys(runs[0][1].p99Ms)
  return `### Shoppers through the whole journey at once

Each shopper: app info, product list, a product, add to cart, pickup details, reserve, pay in the sandbox, order status; all
buy the catalogue's best-stocked plain product, so most are told it sold out (the right answer, not an error).

${table(['database', 'shoppers', 'paid', 'told sold out', 'errors', 'orders lost', 'stock before → after', ...steps.map((s) => `p99 ${s}`)],
    runs.map(([db, s]) => [db, String(s.shoppers), String(s.paid), String(s.soldOut), String(s.errorCount), String(s.lostOrders), `${s.stock.before} → ${s.stock.after}`,
      ...steps.map((step) => `${s.p99Ms[step]} ms`)]))}

`
}

function loadTable(load) {
  const row = (name, r) => [name, String(r.requests), String(r.rps), `${r.p50Ms} ms`, `${r.p99Ms} ms`, r.p99VsFloor ? `${r.p99VsFloor}×` : '—', String(r.non2xx), String(r.errors)]
  return table(['route', 'requests', 'req/s', 'p50', 'p99', 'p99 / floor', 'non-2xx', 'errors/timeouts'], [
    row('floor (constant JSON)', load.floor),
    row('product list', load.productList),
    row('product detail', load.productDetail),
    row('add to cart', load.addToCart)
  ])
}

/**
 * Issue 16 item 5: add to cart beside the constant route, on both databases, with the machine's load average as each
 * run started (the floor is measured on the same server a few seconds before).
 */
export function cartWriteSection(demo) {
  const runs = [['embedded (PGlite, the default)', demo], ['PostgreSQL', demo.postgres]].filter(([, l]) => l)
  const target = (db, l) => (l === demo.postgres
    ? `p99 ≤ ${CART_TARGETS.postgresP99Ms} ms: ${l.addToCart.p99Ms <= CART_TARGETS.postgresP99Ms ? 'met' : `missed by ${l.addToCart.p99Ms - CART_TARGETS.postgresP99Ms} ms`}`
    : `p99 ≤ ${CART_TARGETS.embeddedP99VsFloor}× floor: ${l.addToCart.p99VsFloor <= CART_TARGETS.embeddedP99VsFloor ? 'met' : `missed by ${(l.addToCart.p99VsFloor - CART_TARGETS.embeddedP99VsFloor).toFixed(2)}×`}`)
  const load = (r) => (r.loadAverage == null ? '—' : String(r.loadAverage))
  return `### Cart writes side by side

Add to cart (POST myCart, 1 unit, ${CART_SESSIONS_NOTE}) beside the constant route on the same server; load average = the machine's
1-minute load average as each run started.

${table(['database', 'floor p50 / p99', 'floor req/s', 'add to cart p50 / p99', 'add to cart req/s', 'p99 / floor', 'load average (floor, cart)', 'target'],
    runs.map(([db, l]) => [db, `${l.floor.p50Ms} / ${l.floor.p99Ms} ms`, String(l.floor.rps), `${l.addToCart.p50Ms} / ${l.addToCart.p99Ms} ms`, String(l.addToCart.rps),
      `${l.addToCart.p99VsFloor}×`, `${load(l.floor)}, ${load(l.addToCart)}`, target(db, l)]))}

`
}

function miniProgramRuntimeSection(runtime) {
  if (!runtime) return ''
  const size = (s) => `${s.calls} / ${kb(s.bytes)} / ${kb(s.largest)}`
  const rows = ['weapp', 'alipay'].map((k) => [k, `${runtime[k].launchToProductsMs} ms`, size(runtime[k].setData.home), size(runtime[k].setData.product), size(runtime[k].setData.addToCart)])
  return `## Mini-programs at run time

The production builds run by tests/miniprogram/runtime.mjs against the demo server: time from launch to the home page's
products, and setData per step as calls / total bytes / largest single payload (WeChat advises staying far under 256 KB).

${table(['build', 'launch → products', 'home first render', 'product page first render', 'add to cart'], rows)}

`
}

export function renderMarkdown(r, notes) {
  const missed = r.targets.filter((t) => !t.met)
  return `# Benchmark report

Generated ${r.generatedAt} by \`npm run bench\` in ${r.runSeconds} s, commit ${r.machine.commit}.
Machine: ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGb} GB, Node ${r.machine.node}, ${r.machine.chromium};
1-minute load average ${r.machine.loadAverage.atStart} at the start and ${r.machine.loadAverage.atEnd} at the end${
    Math.max(r.machine.loadAverage.atStart, r.machine.loadAverage.atEnd) > r.machine.cpus ? ` (above ${r.machine.cpus}: other work competed with the timings)` : ''
  }.
Every number below was measured in this one run; the floor is a Taro hello-world (bench/floor) built in the same run with the same toolchain.

## Targets

${missed.length} of ${r.targets.length} targets missed.

${table(['target', 'measured', 'limit', 'met', 'missed by'], r.targets.map((t) => [t.target, t.measured, t.limit, t.met ? 'yes' : '**no**', t.missedBy ?? '']))}

## H5 first-load JS (gzip)

The scripts index.html loads plus the chunks of the entry page's route (gzip -9 per file).

${table(['app', 'entry page', 'files', 'raw', 'gzip'], [
    ['store', r.sizes.h5.store.entryPage, r.sizes.h5.store.files.map((f) => `${f.file} (${kb(f.gzip)})`).join('<br>'), kb(r.sizes.h5.store.bytes), kb(r.sizes.h5.store.gzip)],
    ['floor', r.sizes.h5.floor.entryPage, r.sizes.h5.floor.files.map((f) => `${f.file} (${kb(f.gzip)})`).join('<br>'), kb(r.sizes.h5.floor.bytes), kb(r.sizes.h5.floor.gzip)]
  ])}

Ratio store / floor: **${r.sizes.h5.ratio}×**.

## Mini-program packages

All files of each package except source maps, against the 2 MB per-package limit of WeChat and Alipay.

${miniTable('WeChat', r.sizes.weapp)}

${miniTable('Alipay', r.sizes.alipay)}

${miniProgramRuntimeSection(r.miniProgramRuntime)}## Lighthouse (mobile preset)

Median of ${r.lighthouse[0]?.runs?.length ?? 1} runs per page, with the spread (lowest–highest) in brackets; the floor is Taro's hello world (bench/floor) measured in the same run. The 1-minute load average at each run is in report.json (\`runs[].loadAverage\`).

TBT is Lighthouse's (wall-clock task lengths, which a busy machine stretches); CPU TBT counts each task's CPU time (bench/lib/cpuTime.mjs: after the first paint, 4× its CPU time less 50 ms), as does main-thread CPU, unthrottled.

${table(['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT', 'CPU TBT', 'main-thread CPU', 'CLS', 'requests', 'bytes'], [...r.lighthouse, ...(r.lighthouseFloor ? [r.lighthouseFloor] : [])].map((p) => {
    const range = (k, unit = '') => (p.spread && p.spread[k].min !== p.spread[k].max ? ` (${p.spread[k].min}–${p.spread[k].max}${unit})` : '')
    return [
      `${p.page} (\`${p.path}\`)`, `${p.performance}${range('performance')}`, String(p.accessibility), String(p.bestPractices), String(p.seo),
      `${p.lcpMs} ms${range('lcpMs', ' ms')}`, `${p.tbtMs} ms${range('tbtMs', ' ms')}`,
      p.cpuTbtMs === undefined ? '' : `${p.cpuTbtMs} ms${range('cpuTbtMs', ' ms')}`, p.mainThreadCpuMs === undefined ? '' : `${p.mainThreadCpuMs} ms${range('mainThreadCpuMs', ' ms')}`,
      `${p.cls}${range('cls')}`, String(p.requests), kb(p.totalBytes)
    ]
  }))}

Largest contentful paint element, per page:

${r.lighthouse.map((p) => `- ${p.page}: \`${(p.lcpElement ?? 'none').replace(/`/g, "'")}\``).join('\n')}

Audits scoring under 0.9, per page:

${r.lighthouse.map((p) => `- ${p.page}: ${Object.entries(p.failingAudits).filter(([, ids]) => ids.length).map(([cat, ids]) => `${cat}: ${ids.join(', ')}`).join('; ') || 'none'}`).join('\n')}

## axe-core violations by impact

${table(['page', 'language', 'critical', 'serious', 'moderate', 'minor', 'rules (nodes)'], r.axe.map((a) => [
    a.page, a.language, String(a.byImpact.critical), String(a.byImpact.serious), String(a.byImpact.moderate), String(a.byImpact.minor),
    a.violations.map((v) => `${v.id} (${v.nodes})`).join(', ')
  ]))}

## Reference server under load

Loopback, ${r.load.settings.connections} connections, ${r.load.settings.seconds} s per route (at most ${r.load.settings.maxRequests} requests) after a ${r.load.settings.warmupSeconds} s warm-up (autocannon; it runs on the same 2 cores as the server).
Every figure in this section is with the server's in-memory catalogue cache ON (the default): a product list or page
asked for again is answered from memory. The figures with the cache off, on 100,000 products and 1,000,000 orders on
PostgreSQL, are in the scale section below (\`npm run bench -- --scale\`).

### Demo catalogue (${r.load.demo.catalogueSize} products)

${loadTable(r.load.demo)}

${r.load.demo.postgres ? `### Demo catalogue on PostgreSQL (a throw-away local cluster, fsync and synchronous_commit off)

${loadTable(r.load.demo.postgres)}

` : ''}${cartWriteSection(r.load.demo)}### Large catalogue (${r.load.large.catalogueSize} products, \`SEED_PRODUCTS\`)

${loadTable(r.load.large)}

${shopperSection(r.load.demo)}Product list p99, large / demo: **${(r.load.large.productList.p99Ms / Math.max(r.load.demo.productList.p99Ms, 1)).toFixed(2)}×**.

${scaleSection(r.scale)}
${notes ? `## Closing note\n\n${notes.trim()}\n` : ''}`
}
