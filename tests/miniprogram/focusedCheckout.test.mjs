/**
 * Issue 29 item 5: the focused checkout on both mini-program builds, as the browser has it (tests/e2e/checkout.test.mjs,
 * 'a focused checkout'). The checkout page is a step to finish: its slim header (the step's name, the way back to the
 * cart), no menu, footer, powered-by bar or tab bar (the cart page before it has them all; the build declares no native
 * tab bar), the total and Place order in a bar fixed at the bottom of the screen (the build's own style sheet: the
 * runner sees no layout), the summary naming the line's option in the shopper's language; and a shopper coming back
 * after an order starts the next checkout with its method, store and way of paying, asked again only for the time.
 * Issue 29 m-7: the phone fields bring up the number keyboard on both (the mini-programs' input has no autocomplete,
 * inputmode or e-mail type; platform.keyboardType).
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { addHouseBlendOnItsPage, addHouseBlendToCart, assertDeviceClean, choosePickup, chosenOptions, CONTACT, openCheckoutFromCart, PAGES, requestsTo, root, runMiniProgram, serverForFile, styleRule } from './kit.mjs'
import { distOf } from './runtime.mjs'

const SYSTEM_LANGUAGE = { en: { weapp: 'en', alipay: 'en' }, zh: { weapp: 'zh_CN', alipay: 'zh-Hans' } }
const TEXT = {
  en: { grind: 'Whole bean', inStock: 'in stock', add: 'Add to cart', cart: 'Cart', checkout: 'Checkout', title: 'Checkout', backToCart: 'Back to cart', total: 'Total', placeOrder: 'Place order', line: 'House Blend Coffee Beans 340g', option: '(Whole bean)' },
  zh: { grind: '咖啡豆', inStock: '库存', add: '加入购物车', cart: '购物车', checkout: '去结算', title: '结算', backToCart: '返回购物车', total: '合计', placeOrder: '提交订单', line: '招牌混合咖啡豆 340克', option: '(咖啡豆)' }
}
/** What a shopper browses from, which a step to finish leaves out (the side menu renders only while open). */
const BROWSING_PARTS = ['header', 'header__menu', 'footer', 'powered-by', 'tab-bar']
/** Where an order paid at the store is confirmed on both platforms (no sheet's answer to check). */
const CONFIRMATION = 'pages/confirmation/index'

const server = serverForFile()

const present = (mp, className) => mp.groupsOf(className).length > 0

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: a focused checkout`, () => {
    for (const language of ['en', 'zh']) {
      const text = TEXT[language]
      it(`${language}: slim header, no menu, footer, powered-by bar or tab bar; the total and Place order in the bar; the option named`, async () => {
        const entry = `${PAGES.product}?id=1001`
        await runMiniProgram(kind, server.baseUrl, { entry, language: SYSTEM_LANGUAGE[language][kind] }, async (mp) => {
          await addHouseBlendOnItsPage(mp, text)
          mp.tap(text.cart)
          await mp.waitForPage(PAGES.cart)
          await mp.waitForText(text.checkout)
          // The cart page is a place to browse from: it has every part the checkout leaves out.
          assert.deepEqual(BROWSING_PARTS.filter((part) => !present(mp, part)), [])
          mp.tap(text.checkout)
          await mp.waitForPage(PAGES.checkout)
          await mp.waitForText(text.placeOrder)
          await mp.settled()

          assert.deepEqual(mp.textsOf('checkout-header__title'), [text.title])
          assert.deepEqual(mp.textsOf('checkout-header__cart'), [text.backToCart])
          assert.deepEqual([...BROWSING_PARTS, 'side-menu'].filter((part) => present(mp, part)), [])
          const summaryTotal = mp.textsOf('cart-totals__total')[0]
          assert.match(summaryTotal, /^\$\d+\.\d\d$/)
          assert.deepEqual(mp.textsOf('checkout__place-bar'), [text.total, summaryTotal, text.placeOrder])
          const [line] = mp.groupsOf('checkout__line')
          assert.deepEqual(line.slice(0, 2), [text.line, text.option])
          assert.ok(!mp.text().includes('grind:'), mp.text())

          // The header's "back to cart" goes to the cart.
          mp.tap(text.backToCart)
          await mp.waitForPage(PAGES.cart)
          await mp.settled()
          await assertDeviceClean(mp)
        })
      })
    }

    it('the bar is fixed at the bottom of the screen, and the build has no native tab bar to cover it', () => {
      const bar = styleRule(kind, 'packages/checkout', '.checkout__place-bar')
      assert.ok(bar, 'the checkout package styles the place-order bar')
      assert.match(bar, /position:\s*fixed/)
      assert.match(bar, /bottom:\s*0/)
      const appJson = JSON.parse(readFileSync(path.join(distOf(root, kind), 'app.json'), 'utf8'))
      assert.equal(appJson.tabBar, undefined, 'no native tab bar (the shell draws its own, which the checkout leaves out)')
    })

    it('the phone fields bring up the number keyboard; the e-mail field the text one (neither mini-program has an e-mail keyboard)', async () => {
      await runMiniProgram(kind, server.baseUrl, {}, async (mp) => {
        await addHouseBlendToCart(mp)
        await openCheckoutFromCart(mp, { until: 'Pickup' })
        mp.tap('Pickup')
        await mp.waitForText('Downtown Toronto')
        assert.equal(mp.inputAttribute('phone', 'type'), 'number')
        assert.equal(mp.inputAttribute('email', 'type'), 'text')
        assert.equal(mp.inputAttribute('firstName', 'type'), undefined, 'a name field keeps the template\'s default, the text keyboard')
        mp.tap('Delivery')
        await mp.waitFor(() => { try { return mp.inputAttribute('address.phone', 'type') === 'number' } catch { return false } }, { what: 'the delivery address phone with the number keyboard' })
        assert.equal(mp.inputAttribute('email', 'type'), 'text')
        await assertDeviceClean(mp)
      })
    })

    it('a shopper coming back after an order starts the next checkout with its method, store and way of paying; the time is asked again', async () => {
      let kept
      await runMiniProgram(kind, server.baseUrl, {}, async (mp) => {
        await addHouseBlendToCart(mp)
        await openCheckoutFromCart(mp, { until: 'Pickup' })
        // Not the store the header starts with (Downtown Toronto), and not the default way of paying.
        await choosePickup(mp, { store: 'Mississauga Square One' })
        for (const [name, value] of Object.entries(CONTACT)) mp.input(name, value)
        mp.tap('Pay at store')
        await mp.settled()
        mp.tap('Place order')
        await mp.waitForPage(CONFIRMATION)
        await mp.waitForText('Thank you for your order!')
        await mp.settled()
        kept = { ...mp.storage }
      })

      // Another day: the app starts again with what the phone kept.
      await runMiniProgram(kind, server.baseUrl, { storage: kept }, async (mp) => {
        await addHouseBlendToCart(mp)
        await openCheckoutFromCart(mp)
        await mp.settled()
        // The cart the totals come from has the method shown: the server kept it on this shopper's cart, or the
        // checkout told a new cart (useRememberedMethod).
        const carts = mp.requests.filter((r) => r.status === 200 && /^\/api\/istore\/client\/shoppingManagement4\/(billing\/|updateOrderMethod)/.test(r.path))
        assert.ok(carts.length > 0)
        assert.equal(carts.at(-1).response.orderMethod, 'PICKUP')
        assert.deepEqual(chosenOptions(mp), ['Pickup', 'Mississauga Square One', 'Pay at store'])
        assert.ok(mp.groupsOf('checkout-choices')[2].length > 1, 'the pickup dates are offered again')
        assert.equal(mp.inputValue('email'), CONTACT.email)
        await assertDeviceClean(mp)
      })
    })
  })
}
