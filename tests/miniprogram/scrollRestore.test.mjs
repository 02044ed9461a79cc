/**
 * Spec §2 "Scroll position is restored on navigation" on both mini-program builds (the browser's journey:
 * tests/e2e/scrollRestore.test.mjs): a shopper who scrolled /store down, added a product from there, paid it in the
 * platform's sheet and tapped Continue Shopping on the confirmation (a relaunch of /store) is scrolled back where they
 * were. The runner has no layout: the base library's part is played by calling the page's onPageScroll, as a phone
 * does while the shopper scrolls, and the app's scrolling is the pageScrollTo it asks for.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertDeviceClean, checkoutAsPickup, PAGES, runMiniProgram, serverForFile } from './kit.mjs'

const server = serverForFile()
const STORE = 'packages/store/pages/index/index'
const CONFIRMATION = { weapp: 'pages/confirmation/index', alipay: 'pages/confirmationa/index' }
/** A product without options, in stock, on /store's first page (seed catalogue). */
const PRODUCT = 'Colombia Supremo 340g'

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind} build`, () => {
    it('/store scrolled down, a product from there paid: Continue Shopping scrolls /store back where the shopper was', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry: STORE }, async (mp) => {
        await mp.waitForText(PRODUCT)
        const store = mp.currentPage()
        assert.equal(typeof store.onPageScroll, 'function', 'the page listens to its scrolling')
        store.onPageScroll({ scrollTop: 900 })
        mp.tap(PRODUCT)
        await mp.waitForPage(PAGES.product)
        await mp.waitForText('in stock')
        mp.tap('Add to cart')
        await mp.waitFor(() => mp.textsOf('tab-bar__badge')[0] === '1', { what: 'the cart badge to show 1' })
        await checkoutAsPickup(mp)
        await mp.waitForPage(CONFIRMATION[kind])
        await mp.waitForText('Thank you for your order!')

        const before = mp.calls.length
        mp.tap('Continue Shopping')
        await mp.waitForPage(STORE)
        assert.equal(mp.stack.length, 1, 'a relaunch: /store alone')
        await mp.waitFor(() => mp.calls.slice(before).some((c) => c.name === 'pageScrollTo' && c.options.scrollTop === 900), { what: '/store to scroll to 900' })
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })
  })
}
