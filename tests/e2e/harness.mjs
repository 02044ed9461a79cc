/**
 * Browser-test harness: the real reference server (fresh embedded database, demo catalogue) serving the
 * built H5 app on a free loopback port, and Debian's headless Chromium driven by playwright-core.
 * Tests wait for conditions (texts, requests, URLs), never for fixed times.
 */
import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { after, before } from 'node:test'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { seededDataDir, startServerProcess } from '../support/referenceServer.mjs'
import { assertWatchedFocusable, watchFocusability } from './focusable.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export const VIEWPORTS = {
  phone: { width: 390, height: 844, isMobile: true, hasTouch: true },
  narrowPhone: { width: 360, height: 800, isMobile: true, hasTouch: true },
  desktop: { width: 1366, height: 900, isMobile: false, hasTouch: false },
  laptop: { width: 1280, height: 800, isMobile: false, hasTouch: false }
}

/** Starts the reference server on its own temporary copy of the seeded demo database. */
export async function startStack() {
  const staticDir = path.join(root, 'dist/h5')
  if (!existsSync(path.join(staticDir, 'index.html'))) throw new Error('dist/h5 is not built: run npm run build:h5')
  const dataDir = await seededDataDir('istore-e2e-')
  let server = await startServerProcess({ dataDir, staticDir })
  return {
    get baseUrl() {
      return server.baseUrl
    },
    /** The server's DATA_DIR: mail lands in its outbox/ (no SMTP_URL). */
    dataDir,
    /**
     * Stops the server, runs `whileStopped` (an operator CLI: the embedded database is one process's), starts it again
     * on the same database. The address changes (a new free port); cookies of 127.0.0.1 still apply.
     */
    async restart(whileStopped) {
      await server.stop()
      await whileStopped()
      server = await startServerProcess({ dataDir, staticDir })
    },
    async stop() {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

/**
 * The tests' browser is Debian's chromium-headless-shell: Chromium's old headless mode (what Playwright itself runs for
 * headless tests), the same Blink and V8 as Debian's chromium without the full browser around them. It cost a third
 * less CPU for the same suite (540 s against 805 s), and CPU is what `npm test` is short of. The full browser only where
 * the full browser's own behaviour is the test: the install prompt (pwaContext), which the shell never offers.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const FULL_CHROMIUM = '/usr/bin/chromium'

const BROWSER_OPTIONS = {
  executablePath: HEADLESS_SHELL,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
}

/**
 * Every context of the tests' browser checks, on each route it visits, that every operable control is a tab stop
 * (focusable.mjs watchFocusability, issue 42 item 1); the file fails in its `after` with what the keyboard could not reach.
 */
export async function launchBrowser() {
  const browser = await chromium.launch(BROWSER_OPTIONS)
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options = {}) => {
    const context = await newContext(options)
    await watchFocusability(context)
    return context
  }
  return browser
}

after(() => assertWatchedFocusable())

/** A test file's reference server and Chromium: started before its tests and handed to `use`, stopped after them. */
export function withStackAndBrowser(use) {
  let stack
  let browser
  before(async () => {
    stack = await startStack()
    browser = await launchBrowser()
    use(stack, browser)
  })
  after(async () => {
    await browser?.close()
    await stack?.stop()
  })
}

/**
 * A fresh context (own cookies) on a viewport, in a language; collects page errors so a test can
 * assert there were none. `language` is set the way the app persists it (localStorage via Taro storage).
 */
export async function openContext(browser, { viewport = 'phone', language = 'en' } = {}) {
  const { width, height, isMobile, hasTouch } = VIEWPORTS[viewport]
  const context = await browser.newContext({ viewport: { width, height }, isMobile, hasTouch, locale: language === 'zh' ? 'zh-CN' : 'en-US', serviceWorkers: 'block' })
  await context.addInitScript((lang) => {
    // Taro's H5 storage keeps JSON envelopes ({ data }) in localStorage.
    if (!localStorage.getItem('istore.language')) localStorage.setItem('istore.language', JSON.stringify({ data: lang }))
  }, language)
  if (JITTER_MS > 0) await context.route((url) => url.pathname.startsWith('/api/'), jitter)
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (err) => errors.push(err))
  return { context, page, errors }
}

/**
 * `E2E_JITTER_MS=N npm run test:e2e` holds each API request back by a random 0..N ms, so answers arrive in another
 * order and later than on a quiet machine: a test that measures before the part it measures has arrived fails here,
 * not once in a while on CI. A stress run for hunting such races, not part of `npm test`.
 */
const JITTER_MS = Number(process.env.E2E_JITTER_MS ?? 0)

async function jitter(route) {
  await new Promise((resolve) => setTimeout(resolve, Math.random() * JITTER_MS))
  await route.fallback()
}

/**
 * For the service-worker journeys (the harness blocks service workers elsewhere): the full browser on a persistent
 * profile with workers allowed (Chromium never offers to install from an incognito-like context, nor from the headless
 * shell), removed again on close.
 */
export async function pwaContext() {
  const profile = mkdtempSync(path.join(tmpdir(), 'istore-pwa-'))
  const { width, height, isMobile, hasTouch } = VIEWPORTS.phone
  const context = await chromium.launchPersistentContext(profile, {
    ...BROWSER_OPTIONS,
    executablePath: FULL_CHROMIUM,
    viewport: { width, height },
    isMobile,
    hasTouch,
    serviceWorkers: 'allow'
  })
  await watchFocusability(context)
  const page = context.pages()[0] ?? (await context.newPage())
  const errors = []
  page.on('pageerror', (err) => errors.push(err))
  const close = async () => {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
  return { context, page, errors, close }
}

/** The service worker's script once it has installed (precache done) and controls the page. */
export async function controllingServiceWorker(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
  return page.evaluate(() => navigator.serviceWorker.controller.scriptURL)
}
