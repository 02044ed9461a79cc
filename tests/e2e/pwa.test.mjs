// Issue 7: the production H5 build is an installable PWA; offline, visited catalogue pages and the
// cart render from what the device saved, with the offline notice, and a change is refused, not lost.
// The harness blocks service workers for the other journeys; here each test gets its own persistent
// browser profile (Chromium never offers to install from an incognito-like context).
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { controllingServiceWorker, pwaContext, startStack } from './harness.mjs'

const API = '/api/istore/client'
const OFFLINE_NOTICE = 'You are offline. Showing what was saved on this device.'
const REFUSED = 'Your cart was not changed: Network error, please check your connection'

/** Every URL in the page's Cache Storage, whichever cache holds it. */
function cachedUrls(page) {
  return page.evaluate(async () => {
    const urls = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) urls.push(request.url)
    }
    return urls
  })
}

describe('installable PWA', () => {
  let stack
  before(async () => {
    stack = await startStack()
  })
  after(async () => {
    await stack?.stop()
  })

  it('has a valid manifest and a service worker, Chromium reports no installability errors, and its install prompt reaches the shell', { timeout: 90_000 }, async () => {
    const { context, page, errors, close } = await pwaContext()
    try {
      await page.goto(`${stack.baseUrl}/`)
      await page.locator('.shell').first().waitFor()
      assert.equal(await controllingServiceWorker(page), `${stack.baseUrl}/sw.js`)

      const cdp = await context.newCDPSession(page)
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
      assert.deepEqual(installabilityErrors, [])

      const { url, errors: manifestErrors, data } = await cdp.send('Page.getAppManifest')
      assert.equal(url, `${stack.baseUrl}/manifest.webmanifest`)
      assert.deepEqual(manifestErrors, [])
      const manifest = JSON.parse(data)
      assert.equal(manifest.display, 'standalone')
      assert.equal(manifest.start_url, '/')
      for (const size of ['192x192', '512x512']) {
        for (const purpose of ['any', 'maskable']) {
          const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose)
          assert.ok(icon, `icon ${size} ${purpose}`)
          const res = await fetch(new URL(icon.src, stack.baseUrl))
          assert.equal(res.headers.get('content-type'), 'image/png')
        }
      }
      // Chromium's own beforeinstallprompt event drives the shell's add-to-home prompt (banner, then icon).
      await page.locator('.add-to-home__text, .add-to-home__icon').first().waitFor({ timeout: 15_000 })
      assert.deepEqual(errors.map(String), [])
    } finally {
      await close()
    }
  })
})

describe('offline', () => {
  let stack
  let stopped = false
  before(async () => {
    stack = await startStack()
  })
  after(async () => {
    if (!stopped) await stack?.stop()
  })

  it('renders a visited product list, product page and the cart with the offline notice, and refuses a cart change without losing the cart', { timeout: 60_000 }, async () => {
    const { context, page, close } = await pwaContext()
    try {
      const { products } = await (await fetch(`${stack.baseUrl}${API}/productManagement2/products?categoryName=Coffee&numberToLoad=12`)).json()
      const product = products.find((p) => p.options.length === 0 && !p.soldOut)
      const listUrl = `${stack.baseUrl}/store/productlist?cat=Coffee`
      const productUrl = `${stack.baseUrl}/store/product/${product.id}`
      const cartUrl = `${stack.baseUrl}/checkout/cart`

      // Online: a first visit installs the worker; then the shopper browses and fills the cart.
      await page.goto(`${stack.baseUrl}/`)
      await controllingServiceWorker(page)
      await page.goto(listUrl)
      await page.getByText(product.name).first().waitFor()
      await page.goto(productUrl)
      await page.locator('.shell__main').getByText(product.name).first().waitFor()
      const added = await page.evaluate(async ({ api, productId }) => {
        const xsrf = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length)
        const res = await fetch(`${api}/shoppingManagement4/myCart`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf ?? '') },
          body: JSON.stringify({ productId, quantity: 1 })
        })
        return res.status
      }, { api: API, productId: product.id })
      assert.equal(added, 200)
      await page.goto(cartUrl)
      await page.locator('.cart-page').getByText(product.name).first().waitFor()

      // The catalogue is cached; nothing of the cart, account, checkout or payments ever is.
      const cached = await cachedUrls(page)
      assert.ok(cached.some((u) => u.includes(`${API}/productManagement2/products`)), 'product list cached')
      assert.ok(cached.some((u) => u.includes(`${API}/productManagement/product/${product.id}`)), 'product cached')
      assert.deepEqual(cached.filter((u) => /shoppingManagement|account|checkout|payment|admin|order/i.test(u)), [])

      // Offline: the server is gone and the browser says so.
      await stack.stop()
      stopped = true
      await context.setOffline(true)

      for (const [url, where] of [[listUrl, '.shell__main'], [productUrl, '.shell__main'], [cartUrl, '.cart-page']]) {
        await page.goto(url)
        await page.locator(where).getByText(product.name).first().waitFor()
        assert.equal(await page.locator('.offline-notice').textContent(), OFFLINE_NOTICE, url)
      }

      // A change offline is refused with a clear message; the cart stays as it was.
      await page.locator('.cart-page').getByText('Remove').first().click()
      await page.getByText(REFUSED).waitFor()
      await page.locator('.cart-page').getByText(product.name).first().waitFor()
    } finally {
      await close()
    }
  })
})
