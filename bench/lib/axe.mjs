/**
 * axe-core on each audited page in English and Chinese (the language is the shopper's saved choice,
 * seeded in storage the way the app keeps it), counted by impact, with the rule ids found.
 */
import { createRequire } from 'node:module'
import { chromium } from 'playwright-core'
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs'

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const IMPACTS = ['critical', 'serious', 'moderate', 'minor']
/** Taro's H5 page change animates ~300 ms; the page is settled after that. */
const SETTLE_MS = 600

export async function axeAudit(baseUrl, { pages }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.filter((f) => f !== '--headless') })
  const results = []
  try {
    for (const language of ['en', 'zh']) {
      for (const page of pages) {
        // bypassCSP: axe is injected as a script of its own, which the store's Content-Security-Policy rightly refuses.
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, serviceWorkers: 'block', bypassCSP: true })
        if (page.cookies) {
          await context.addCookies(page.cookies.map((c) => ({ ...c, url: baseUrl })))
        }
        await context.addInitScript((lang) => localStorage.setItem('istore.language', JSON.stringify({ data: lang })), language)
        const tab = await context.newPage()
        await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'networkidle' })
        await tab.waitForSelector('.shell__main', { timeout: 15_000 })
        await tab.waitForTimeout(SETTLE_MS)
        const htmlLang = await tab.evaluate(() => document.documentElement.lang)
        await tab.addScriptTag({ path: AXE_SOURCE })
        const violations = await tab.evaluate(async () => {
          const result = await window.axe.run(document, { resultTypes: ['violations'] })
          return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }))
        })
        const byImpact = Object.fromEntries(IMPACTS.map((impact) => [impact, violations.filter((v) => v.impact === impact).length]))
        results.push({ page: page.name, path: page.path, language, htmlLang, byImpact, violations })
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
  return results
}
