/**
 * Browser-test harness: the real reference server (fresh embedded database, demo catalogue) serving the
 * built H5 app on a free loopback port, and Debian's headless Chromium driven by playwright-core.
 * Tests wait for conditions (texts, requests, URLs), never for fixed times.
 */
import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { startServerProcess } from '../support/referenceServer.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export const VIEWPORTS = {
  phone: { width: 390, height: 844, isMobile: true, hasTouch: true },
  narrowPhone: { width: 360, height: 800, isMobile: true, hasTouch: true },
  desktop: { width: 1366, height: 900, isMobile: false, hasTouch: false },
  laptop: { width: 1280, height: 800, isMobile: false, hasTouch: false }
}

/** Starts the reference server on its own temporary database. */
export async function startStack() {
  const staticDir = path.join(root, 'dist/h5')
  if (!existsSync(path.join(staticDir, 'index.html'))) throw new Error('dist/h5 is not built: run npm run build:h5')
  const dataDir = mkdtempSync(path.join(tmpdir(), 'istore-e2e-'))
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

export async function launchBrowser() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
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
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (err) => errors.push(err))
  return { context, page, errors }
}
