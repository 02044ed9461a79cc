/**
 * Lighthouse (mobile preset: the default config, simulated slow 4G and 4x CPU slowdown) on each
 * audited page: the four category scores and LCP, TBT, CLS. One Chromium for all pages; Lighthouse
 * resets the origin's storage before each page, so every page is a first visit.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

/** A protocol timeout on a busy 2-core machine is retried once; any other failure stops the bench. */
const ATTEMPTS = 2

export async function lighthouseAudit(baseUrl, { pages, cartCookies }) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' })
  const cookieHeader = cartCookies.map((c) => `${c.name}=${c.value}`).join('; ')
  async function runOnce(page, port) {
    for (let attempt = 1; ; attempt++) {
      const { lhr } = await lighthouse(`${baseUrl}${page.path}`, {
        port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: CATEGORIES,
        ...(page.withCart && { extraHeaders: { Cookie: cookieHeader } })
      })
      if (!lhr.runtimeError) return lhr
      const message = `Lighthouse on ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`
      if (lhr.runtimeError.code !== 'PROTOCOL_TIMEOUT' || attempt === ATTEMPTS) throw new Error(message)
      console.warn(`${message}; retrying`)
    }
  }
  const results = []
  try {
    for (const page of pages) {
      const lhr = await runOnce(page, chrome.port)
      const score = (id) => (lhr.categories[id].score === null ? null : Math.round(lhr.categories[id].score * 100))
      const failing = (id) =>
        lhr.categories[id].auditRefs
          .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 0.9)
          .map((ref) => ref.id)
      results.push({
        page: page.name,
        path: page.path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        totalBytes: Math.round(lhr.audits['total-byte-weight'].numericValue),
        requests: lhr.audits['network-requests'].details?.items?.length ?? null,
        lcpElement: lhr.audits['largest-contentful-paint-element'].details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
        failingAudits: Object.fromEntries(CATEGORIES.map((id) => [id, failing(id)]))
      })
    }
  } finally {
    await chrome.kill()
  }
  return results
}
