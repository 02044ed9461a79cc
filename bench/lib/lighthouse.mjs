/**
 * Lighthouse (mobile preset: the default config, simulated slow 4G and 4x CPU slowdown) on each
 * audited page, RUNS times: the four category scores and LCP, TBT, CLS of every run, their medians
 * (the page's figures) and the spread (lowest–highest) of each, with the 1-minute load average at each
 * run (other work on a shared machine skews the timings). One Chromium for all pages; every run is a
 * first visit: the origin's storage is cleared before it (Lighthouse 12 clears only the service worker
 * and caches by default, so localStorage, IndexedDB and cookies of the run before were kept and a
 * second run measured a revisit). A page with `cookies` has them, and only them, in the browser's cookie jar at the
 * start of each run (the cart's guest session, my account's signed-in shopper): set through the DevTools protocol, since
 * Lighthouse's extraHeaders Cookie lost to the jar's own cookies once the page's first answer set one (its XSRF
 * cookie), so the app's own requests went without the session (my account's calls answered 401).
 */
import os from 'node:os'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
// puppeteer-core comes with lighthouse (one of its dependencies): here only to set the cookie jar.
import puppeteer from 'puppeteer-core'
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs'
import { cpuFigures } from './cpuTime.mjs'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
/** Everything the origin keeps, cleared before each run (Storage.clearDataForOrigin types). */
const FIRST_VISIT = ['cookies', 'file_systems', 'indexeddb', 'local_storage', 'shader_cache', 'websql', 'service_workers', 'cache_storage']
/** Issue 16: the median of 3 runs per page. BENCH_LIGHTHOUSE_RUNS overrides it for quick looks. */
export const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3)

/**
 * A protocol timeout or a trace without its navigation start (both seen on a busy 2-core machine) is retried once;
 * any other failure stops the bench.
 */
const ATTEMPTS = 2
const TRANSIENT = new Set(['PROTOCOL_TIMEOUT', 'NO_NAVSTART'])

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** What one Lighthouse run measured. */
function figures(lhr, categories = CATEGORIES) {
  const score = (id) => (!lhr.categories[id] || lhr.categories[id].score === null ? null : Math.round(lhr.categories[id].score * 100))
  const failing = (id) =>
    lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 0.9)
      .map((ref) => ref.id)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
    cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    speedIndexMs: Math.round(lhr.audits['speed-index'].numericValue),
    totalBytes: Math.round(lhr.audits['total-byte-weight'].numericValue),
    requests: lhr.audits['network-requests'].details?.items?.length ?? null,
    lcpElement: lhr.audits['largest-contentful-paint-element'].details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    failingAudits: Object.fromEntries(categories.map((id) => [id, failing(id)]))
  }
}

// mainThreadCpuMs, cpuTbtMs, longestTaskCpuMs: the run's CPU-time figures (cpuTime.mjs), what a busy machine barely moves.
const NUMERIC = ['performance', 'accessibility', 'bestPractices', 'seo', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'speedIndexMs', 'totalBytes', 'requests', 'mainThreadCpuMs', 'cpuTbtMs', 'longestTaskCpuMs']

/**
 * A page's figures: the median of each number over its runs, the spread of each, and the LCP element and failing
 * audits of the run whose performance score is the median one.
 */
export function summarise(page, runs) {
  const medians = Object.fromEntries(NUMERIC.map((k) => [k, median(runs.map((r) => r[k]))]))
  const spread = Object.fromEntries(NUMERIC.map((k) => [k, { min: Math.min(...runs.map((r) => r[k])), max: Math.max(...runs.map((r) => r[k])) }]))
  const byScore = [...runs].sort((a, b) => a.performance - b.performance)
  const middle = byScore[(byScore.length - 1) >> 1]
  return {
    page: page.name,
    path: page.path,
    ...medians,
    cls: Number(medians.cls.toFixed(3)),
    spread,
    lcpElement: middle.lcpElement,
    failingAudits: middle.failingAudits,
    runs: runs.map(({ failingAudits, ...r }) => r)
  }
}

/** `categories`: the Lighthouse categories to run (all four by default; the performance check runs performance alone). */
export async function lighthouseAudit(baseUrl, { pages }, { runs = RUNS, categories = CATEGORIES } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' })
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
  const cdp = await browser.target().createCDPSession()
  async function runOnce(page) {
    for (let attempt = 1; ; attempt++) {
      if (page.cookies) {
        await cdp.send('Storage.clearCookies')
        await cdp.send('Storage.setCookies', { cookies: page.cookies.map((c) => ({ name: c.name, value: c.value, url: baseUrl })) })
      }
      const { lhr, artifacts } = await lighthouse(`${baseUrl}${page.path}`, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: categories,
        // the page's own cookies were set just now, the rest cleared
        clearStorageTypes: page.cookies ? FIRST_VISIT.filter((t) => t !== 'cookies') : FIRST_VISIT
      })
      if (!lhr.runtimeError) return { lhr, artifacts }
      const message = `Lighthouse on ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`
      if (!TRANSIENT.has(lhr.runtimeError.code) || attempt === ATTEMPTS) throw new Error(message)
      console.warn(`${message}; retrying`)
    }
  }
  const results = []
  try {
    for (const page of pages) {
      const measured = []
      for (let i = 0; i < runs; i++) {
        const loadAverage = Number(os.loadavg()[0].toFixed(2))
        const { lhr, artifacts } = await runOnce(page)
        const run = { ...figures(lhr, categories), ...cpuFigures(artifacts.Trace), loadAverage }
        measured.push(run)
        console.log(`  ${page.name} run ${i + 1}: performance ${run.performance}, FCP ${run.fcpMs} ms, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}, SI ${run.speedIndexMs} ms; CPU: main thread ${run.mainThreadCpuMs} ms, TBT ${run.cpuTbtMs} ms, longest task ${run.longestTaskCpuMs} ms (${run.longestTaskScript ?? '?'}) (load average ${loadAverage})`)
      }
      results.push(summarise(page, measured))
    }
  } finally {
    await browser.disconnect()
    await chrome.kill()
  }
  return results
}
