#!/usr/bin/env node
/**
 * `npm run screenshots`: pictures for closing notes (issues 42 and 43), not a test and not part of `npm test`. Starts
 * the stack as the browser tests do (tests/e2e/harness.mjs: the reference server on a fresh copy of the demo database,
 * serving dist/h5 and dist/admin, and Debian's headless Chromium), then writes to docs/screenshots/:
 * - the storefront's home, a product, the cart and the checkout (a demo product in the cart) at 360, 390 and 1366 px,
 * - the back office's orders desk, an order (a pickup order placed for it), a product and the settings, signed in as
 *   the owner, at 390 and 1366 px,
 * each in en and zh, and README.md, their index. What a window shows first (not the whole page), at device scale 1, as
 * JPEG of quality 70 (Playwright's page.screenshot({ type: 'jpeg', quality })): a third of a PNG's bytes for these.
 * Needs `npm run build:h5` and `npm run build:admin` first.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchBrowser, openContext, startStack } from '../tests/e2e/harness.mjs'
import { callApi, open, visible, WAIT } from '../tests/e2e/steps.mjs'
import { OWNER, ownerAndClerk, shopperOrder, signInAtAdmin, WAIT as ADMIN_WAIT } from '../tests/e2e/adminSteps.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'docs', 'screenshots')
const SIGN_IN = {
  en: { email: 'E-mail', password: 'Password', signIn: 'Sign in' },
  zh: { email: '邮箱', password: '密码', signIn: '登录' }
}
const STORE_SIZES = [['narrowPhone', 360], ['phone', 390], ['desktop', 1366]]
const ADMIN_SIZES = [['phone', 390], ['desktop', 1366]]
const STORE_PAGES = [
  ['home', '/', '.product-card'],
  ['product', '/store/product/1003', '.product-page__add'],
  ['cart', '/checkout/cart', '.cart-page__checkout'],
  ['checkout', '/checkout', '#checkout-place-order']
]
const shots = [] // [area, name, language, width, file]

async function shoot(page, area, name, language, width) {
  const file = `${area}-${name}-${language}-${width}.jpg`
  await page.evaluate(() => document.fonts?.ready)
  await page.screenshot({ path: path.join(out, file), type: 'jpeg', quality: 70 })
  shots.push([area, name, language, width, file])
  console.log(`screenshots: ${file}`)
}

fs.mkdirSync(out, { recursive: true })
for (const f of fs.readdirSync(out)) if (f.endsWith('.jpg')) fs.rmSync(path.join(out, f))
const stack = await startStack()
const browser = await launchBrowser()
try {
  await ownerAndClerk(stack)
  for (const language of ['en', 'zh']) {
    for (const [viewport, width] of STORE_SIZES) {
      const { context, page } = await openContext(browser, { viewport, language })
      try {
        await open(page, stack.baseUrl, '/')
        await callApi(page, context, stack.baseUrl, 'POST', '/shoppingManagement4/myCart', { productId: '1003', quantity: 1 })
        for (const [name, route, ready] of STORE_PAGES) {
          await open(page, stack.baseUrl, route)
          await visible(page, ready).first().waitFor(WAIT)
          await shoot(page, 'store', name, language, width)
        }
      } finally {
        await context.close()
      }
    }
  }
  // One pickup order for the order's page, placed by a shopper through the API.
  const shopper = await openContext(browser, { viewport: 'phone', language: 'en' })
  const orderID = await shopperOrder(shopper.page, shopper.context, stack.baseUrl, { email: `screens-${Date.now().toString(36)}@example.com`, pay: 'store' })
  await shopper.context.close()
  const ADMIN_PAGES = [
    ['desk', '/admin', (page) => page.getByTestId('live-count')],
    ['order', `/admin/orders/${orderID}`, (page) => page.getByTestId('history-line').first()],
    ['product', '/admin/products/1003', (page) => page.locator('.ant-table-row').first()],
    ['settings', '/admin/settings', (page) => page.locator('form input').first()]
  ]
  for (const language of ['en', 'zh']) {
    for (const [viewport, width] of ADMIN_SIZES) {
      const { context, page } = await openContext(browser, { viewport, language })
      try {
        await signInAtAdmin(page, stack.baseUrl, OWNER, SIGN_IN[language])
        for (const [name, route, ready] of ADMIN_PAGES) {
          await page.goto(`${stack.baseUrl}${route}`)
          await ready(page).waitFor(ADMIN_WAIT)
          await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', ...ADMIN_WAIT }).catch(() => {})
          await shoot(page, 'admin', name, language, width)
        }
      } finally {
        await context.close()
      }
    }
  }
} finally {
  await browser.close()
  await stack.stop()
}

const rows = shots.map(([area, name, language, width, file]) => `| ${area === 'store' ? 'storefront' : 'back office'} | ${name} | ${language} | ${width} | [${file}](${file}) |`)
fs.writeFileSync(path.join(out, 'README.md'), `# Screenshots

Written by \`npm run screenshots\` (scripts/screenshots.mjs) against the reference server with the demo catalogue, on
the H5 and back-office builds of the tree it ran on: the first screen of each page (not the whole page), device scale 1,
JPEG quality 70. The back office is signed in as the owner; the order is a pickup order placed for the picture.

| area | page | language | width (px) | file |
| --- | --- | --- | --- | --- |
${rows.join('\n')}
`)
console.log(`screenshots: ${shots.length} pictures and README.md in docs/screenshots/`)
