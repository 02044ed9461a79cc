/**
 * Shopper journeys on the production builds of both mini-programs (dist/weapp, dist/alipay, built with
 * ISTORE_API_ORIGIN=https://shop.test), played by tests/miniprogram/runtime.mjs against the real reference server.
 * Each journey asserts what the shopper sees, what the server was sent, and that a device would have refused
 * nothing (request URLs, image sources, setData sizes, requests in flight) and nothing threw. For WeChat, the home and
 * product pages' data also goes through the build's own compiled templates (tests/miniprogram/view.mjs). First, the
 * runner's own checks: what it records as refused must be what a device refuses, or "nothing refused" would pass on
 * anything.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { addHouseBlendToCart, assertDeviceClean, checkoutAsPickup, CONFIRMATION, PAGES, requestsTo, root, runMiniProgram, serverForFile, SIGN_IN_BUTTON } from './kit.mjs'
import { distOf, launch } from './runtime.mjs'
import { renderWeChatView } from './view.mjs'

const DEMO = { email: 'demo@istore.test', password: 'demopass123' }
const XSRF_ERROR = 'Invalid or missing XSRF token'

const server = serverForFile()

/** Runs `journey` on a fresh launch (own storage: a new shopper) and closes it whatever happens. */
const withMiniProgram = (kind, options, journey) => runMiniProgram(kind, server.baseUrl, options, journey)


describe('the runner records what a device refuses', () => {
  it('relative and non-https request URLs fail and are recorded; the test origin reaches the server', async () => {
    const mp = launch({ kind: 'weapp', dist: distOf(root, 'weapp'), serverUrl: server.baseUrl })
    try {
      await mp.settled()
      const before = mp.requests.length
      await assert.rejects(mp.native.request({ url: '/api/istore/client/health' }), { errMsg: 'request:fail invalid url' })
      await assert.rejects(mp.native.request({ url: 'http://shop.test/api/istore/client/health' }), { errMsg: 'request:fail url not in domain list' })
      assert.deepEqual(mp.refusals.map((r) => r.kind), ['request-url', 'request-url'])
      const ok = await mp.native.request({ url: 'https://shop.test/api/istore/client/health' })
      assert.equal(ok.statusCode, 200)
      assert.equal(mp.requests.length, before + 1)
    } finally {
      mp.close()
    }
  })

  it('more than 10 requests in flight, a setData over 1 MB and an image a device cannot load are recorded', async () => {
    const mp = launch({ kind: 'weapp', dist: distOf(root, 'weapp'), serverUrl: server.baseUrl })
    try {
      await mp.settled()
      const health = () => mp.native.request({ url: 'https://shop.test/api/istore/client/health' })
      await Promise.all(Array.from({ length: 11 }, health))
      assert.deepEqual(mp.refusals.map((r) => r.kind), ['requests-in-flight'])
      mp.currentPage().setData({ big: 'x'.repeat(1024 * 1024) })
      assert.equal(mp.refusals.at(-1).kind, 'setData-size')
      mp.imageSources.add('/api/istore/client/common3/image/logo.svg')
      mp.imageSources.add('https://shop.test/api/istore/client/no-such-image.png')
      assert.deepEqual(await mp.unloadableImages(), [
        '/api/istore/client/common3/image/logo.svg (not https)',
        'https://shop.test/api/istore/client/no-such-image.png (404)'
      ])
    } finally {
      mp.close()
    }
  })
})

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind} build`, () => {
    it('home shows the server’s products, and a tap opens that product’s page', async () => {
      await withMiniProgram(kind, {}, async (mp) => {
        await mp.waitForText('Tea Gift Box')
        const served = requestsTo(mp, 'GET', '/productManagement2/products').flatMap((r) => r.response.products.map((p) => p.name))
        assert.ok(served.includes('Tea Gift Box'), 'the home page shows a product the server listed')
        mp.tap('Tea Gift Box')
        await mp.waitForPage(PAGES.product)
        await mp.waitForText('Add to cart')
        const [product] = requestsTo(mp, 'GET', '/productManagement/product/')
        assert.equal(product.response.name, 'Tea Gift Box')
        assert.equal(mp.currentPage().options.id, String(product.response.id))
        assert.ok(mp.texts().includes('$68.99'))
        assert.equal(mp.stack.length, 2, 'the product page is pushed on the home page')
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it('choosing an option and adding to cart posts the cart and updates the badge', async () => {
      await withMiniProgram(kind, {}, async (mp) => {
        await addHouseBlendToCart(mp)
        const posted = requestsTo(mp, 'POST', '/shoppingManagement4/myCart')
        assert.equal(posted.length, 1)
        assert.equal(posted[0].status, 200)
        assert.deepEqual(posted[0].body, { productId: '1001', quantity: 1, optionPair: 'grind:Whole bean' })
        await mp.waitForText('Added to your cart')
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it("a cart line's picture opens its product with the line's option chosen", async () => {
      await withMiniProgram(kind, {}, async (mp) => {
        await addHouseBlendToCart(mp)
        mp.tap('Cart')
        await mp.waitForPage(PAGES.cart)
        await mp.waitForText('Checkout')
        mp.tapClass('cart-line__thumb')
        await mp.waitForPage(PAGES.product)
        assert.equal(decodeURIComponent(mp.currentPage().options.option), 'grind:Whole bean')
        await mp.waitForText('in stock')
        assert.deepEqual(mp.textsOf('option-picker__value--chosen'), ['Whole bean'])
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it('pickup checkout answered "paid" in the payment sheet ends on the success page with the order number', async () => {
      await withMiniProgram(kind, { answers: { payment: 'paid' } }, async (mp) => {
        await addHouseBlendToCart(mp)
        await checkoutAsPickup(mp)
        await mp.waitForPage(CONFIRMATION[kind])
        await mp.waitForText('Thank you for your order!')
        const [reserved] = requestsTo(mp, 'POST', '/shoppingManagement4/reserve')
        const orderID = String(reserved.response.orderID)
        assert.ok(mp.texts().includes(`Order number: ${orderID}`), mp.text())
        const sheet = mp.calls.find((c) => c.name === (kind === 'weapp' ? 'requestPayment' : 'tradePay'))
        assert.ok(sheet, 'the platform payment sheet was shown')
        if (kind === 'weapp') assert.equal(requestsTo(mp, 'POST', '/shoppingManagement4/processWeChatMiniProgramPayment/success').length, 1)
        else assert.equal(requestsTo(mp, 'POST', '/shoppingManagement4/checkAlipayPaymentStatus')[0].body.resultCode, '9000')
        await mp.waitFor(() => mp.textsOf('tab-bar__badge').length === 0, { what: 'the cart badge to go' })
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it('pickup checkout answered "cancelled" ends on the failure page with the cart kept', async () => {
      await withMiniProgram(kind, { answers: { payment: 'cancelled' } }, async (mp) => {
        await addHouseBlendToCart(mp)
        await checkoutAsPickup(mp)
        await mp.waitForPage(CONFIRMATION[kind])
        await mp.waitForText('Your cart is kept.')
        if (kind === 'weapp') {
          // The sheet's own message, readable (it arrives URL-encoded in the page parameters).
          assert.ok(mp.texts().some((t) => t.includes('requestPayment:fail cancel')), mp.text())
          assert.equal(requestsTo(mp, 'POST', '/shoppingManagement4/processWeChatMiniProgramPayment/error')[0].body.errorMessage, 'requestPayment:fail cancel')
        } else {
          assert.equal(requestsTo(mp, 'POST', '/shoppingManagement4/checkAlipayPaymentStatus')[0].body.resultCode, '6001')
        }
        assert.equal(mp.textsOf('tab-bar__badge')[0], '1')
        // "Back to Cart" goes back to the checkout, whose order summary shows the kept cart.
        mp.tap('Back to Cart')
        await mp.waitForPage(PAGES.checkout)
        await mp.waitForText('House Blend Coffee Beans 340g')
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it(`${kind === 'weapp' ? 'WeChat' : 'Alipay'} sign-in: a new identity links the demo account, then signs in by itself and lands on the return target`, async () => {
      const identity = `journey-${kind}`
      const entry = `${PAGES.login}?redirect=${encodeURIComponent('/user/orders')}`
      await withMiniProgram(kind, { entry, answers: { identity } }, async (mp) => {
        await mp.waitForText(SIGN_IN_BUTTON[kind])
        mp.tap(SIGN_IN_BUTTON[kind])
        const loginPath = kind === 'weapp' ? '/wechat/login' : '/alipay/login'
        await mp.waitFor(() => requestsTo(mp, 'POST', loginPath).length === 1, { what: `POST ${loginPath}` })
        await mp.settled()
        assert.equal(requestsTo(mp, 'POST', loginPath)[0].status, 200)
        mp.input('emailID', DEMO.email)
        mp.input('password', DEMO.password)
        mp.tap(`Sign in and link ${kind === 'weapp' ? 'WeChat' : 'Alipay'}`)
        await mp.waitForPage(PAGES.orders)
        assert.equal(requestsTo(mp, 'POST', kind === 'weapp' ? '/wechat/link' : '/alipay/link')[0].status, 200)
        await mp.settled()
        await assertDeviceClean(mp)
      })
      await withMiniProgram(kind, { entry, answers: { identity } }, async (mp) => {
        await mp.waitForText(SIGN_IN_BUTTON[kind])
        mp.tap(SIGN_IN_BUTTON[kind])
        await mp.waitForPage(PAGES.orders)
        await mp.waitFor(() => !mp.text().includes('Sign in\n'), { what: 'the signed-in header' })
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it('a category with spaces and "&" in its name shows its title and its products', async () => {
      await withMiniProgram(kind, {}, async (mp) => {
        await mp.waitForText('Home & Kitchen')
        mp.tap('Home & Kitchen')
        await mp.waitForPage(PAGES.productList)
        await mp.waitForText('Ceramic Mug 350ml')
        assert.equal(mp.currentPage().title, 'Home & Kitchen · Maple & Jade Market')
        // Home's own product requests may still be answering: the list page's is the one naming a category.
        const listed = requestsTo(mp, 'GET', '/productManagement2/products?').find((r) => r.path.includes('categoryName='))
        assert.match(listed.path, /[?&]categoryName=Home%20%26%20Kitchen(&|$)/)
        assert.ok(listed.response.products.length > 0)
        assert.ok(!mp.text().includes('%20'), mp.text())
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it('a cold start straight into the live rooms or the checkout sends its first POST with the XSRF token', async () => {
      for (const entry of [PAGES.liveRooms, PAGES.checkout]) {
        await withMiniProgram(kind, { entry }, async (mp) => {
          await mp.waitForPage(entry)
          await mp.settled()
          const posts = mp.requests.filter((r) => r.method === 'POST')
          assert.ok(posts.length > 0, `${entry} sends a POST on opening`)
          assert.deepEqual(posts.filter((r) => r.status === 403).map((r) => r.path), [])
          assert.ok(!mp.text().includes(XSRF_ERROR), mp.text())
          await assertDeviceClean(mp)
        })
      }
    })

    it('every page of app.json opens cold with no uncaught error and nothing a device would refuse', async () => {
      const appJson = JSON.parse(readFileSync(path.join(distOf(root, kind), 'app.json'), 'utf8'))
      const pages = [...appJson.pages, ...appJson.subPackages.flatMap((p) => p.pages.map((page) => `${p.root}/${page}`))]
      assert.equal(pages.length, 32)
      assert.ok(pages.includes('pages/contact/contact'), 'the contact page the header helper opens (spec §2) is a page of the build')
      for (const entry of pages) {
        await withMiniProgram(kind, { entry }, async (mp) => {
          // Without its parameters a page may send the shopper on (the general page goes home): wait for calm.
          await mp.waitFor(() => mp.currentPage()?.rendered, { what: `${entry} to render` })
          await mp.settled()
          assert.ok(mp.currentPage().rendered && mp.texts().length > 0, `${entry} shows something`)
          await assertDeviceClean(mp)
        })
      }
    })
  })
}

const compact = (text) => text.replace(/\s+/g, '')

/** Renders the current page through the templates and checks the view shows exactly the logic layer's texts. */
function renderAndCompare(mp, dist) {
  const view = renderWeChatView(dist, mp.currentPage().route, mp.viewData())
  assert.equal(compact(view.text()), compact(mp.texts().join('')))
  return view
}

describe('weapp view layer (wcc + miniprogram-simulate)', () => {
  it('home and product pages render through base.wxml as the logic layer drew them, and view taps reach the page', async () => {
    const dist = distOf(root, 'weapp')
    const mp = launch({ kind: 'weapp', dist, serverUrl: server.baseUrl })
    try {
      await mp.waitForText('Tea Gift Box')
      await mp.settled()
      const home = renderAndCompare(mp, dist)
      assert.ok(home.text().includes('House Blend Coffee Beans 340g'))
      const events = await home.tap(mp.sidOf('House Blend Coffee Beans 340g'))
      home.close()
      assert.ok(events.length > 0, 'the product card binds tap in the template')
      assert.ok(events.every((e) => e.type === 'tap' && e.currentTarget.dataset.sid))
      for (const event of events) mp.dispatchViewEvent(event)
      await mp.waitForPage(PAGES.product)
      await mp.waitForText('Whole bean')
      await mp.settled()

      const product = renderAndCompare(mp, dist)
      for (const event of await product.tap(mp.sidOf('Whole bean'))) mp.dispatchViewEvent(event)
      product.close()
      await mp.waitForText('in stock')
      await mp.settled()
      renderAndCompare(mp, dist).close()
      await assertDeviceClean(mp)
    } finally {
      mp.close()
    }
  })
})
