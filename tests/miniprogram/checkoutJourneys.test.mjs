/**
 * The browser's checkout journeys (tests/e2e/checkout.test.mjs) that journeys.test.mjs did not play, on the production
 * builds of both mini-programs: an eat-in order with a table number; a payment that fails in the platform's sheet
 * (the cart is kept) and the same order paid on the second try; a signed-in shopper's coupon, tip and store credit,
 * each changing the total to the server's number, with the sheet asked for that total; and a checkout in Chinese.
 * The mini-programs pay in the platform's own sheet, so where the browser chooses WeChat Pay, Alipay or UnionPay at the
 * sandbox, these answer the sheet ("paid" or "cancelled", the one failure the sheet reports here).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { addHouseBlendOnItsPage, addHouseBlendToCart, assertDeviceClean, checkoutAsPickup, choosePickup, chosenOptions, CONFIRMATION, CONTACT, openCheckoutFromCart, PAGES, requestsTo, runMiniProgram, serverForFile, signInWithPlatform } from './kit.mjs'

const SHEET = { weapp: 'requestPayment', alipay: 'tradePay' }
const SYSTEM_CHINESE = { weapp: 'zh_CN', alipay: 'zh-Hans' }
// Seed store (server/src/seed/store.ts, seed/index.ts): the rules the totals follow.
const TAX_PERCENT = 13
const COUPON = { code: 'WELCOME10', percent: 10 }
const taxOf = (minor) => Math.round((minor * TAX_PERCENT) / 100)
const money = (minor) => `$${(minor / 100).toFixed(2)}`

const server = serverForFile()

/** The server's answer (a 200) to the `count`-th request of `method` to `pathPart`, once it is there. */
async function answered(mp, method, pathPart, count) {
  await mp.waitFor(() => requestsTo(mp, method, pathPart).length >= count, { what: `${method} ${pathPart} #${count}` })
  const answer = requestsTo(mp, method, pathPart)[count - 1]
  assert.equal(answer.status, 200, JSON.stringify(answer.response))
  return answer.response
}

/** The summary's total and the sticky bar's total both show `minor`. */
const totalShows = (mp, minor) =>
  mp.waitFor(() => mp.textsOf('cart-totals__total')[0] === money(minor) && mp.textsOf('checkout__bar-amount')[0] === money(minor), { what: `the total ${money(minor)}` })

/** After the order is paid: the cart page says the cart is empty, as the server's cart is. */
async function assertCartEmptied(mp, { cart = 'Cart', empty = 'Your cart is empty' } = {}) {
  await mp.waitFor(() => mp.textsOf('tab-bar__badge').length === 0, { what: 'the cart badge to go' })
  mp.tap(cart)
  await mp.waitForPage(PAGES.cart)
  await mp.waitForText(empty)
  assert.equal(requestsTo(mp, 'GET', '/shoppingManagement4/myCart').at(-1).response.itemCount, 0)
}

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: checkout journeys the browser tests have`, () => {
    it('eat-in order with a table number at Square One, paid in the sheet: the order carries both, success page, cart emptied', async () => {
      await runMiniProgram(kind, server.baseUrl, { answers: { payment: 'paid' } }, async (mp) => {
        await addHouseBlendToCart(mp)
        await openCheckoutFromCart(mp)
        mp.tap('Eat in')
        await mp.waitForText('Mississauga Square One')
        mp.tap('Mississauga Square One')
        await mp.settled()
        mp.input('tableNumber', 'A12')
        for (const [name, value] of Object.entries(CONTACT)) mp.input(name, value)
        mp.tap('Pay online')
        await mp.settled()
        assert.deepEqual(chosenOptions(mp), ['Eat in', 'Mississauga Square One', 'Pay online'])
        mp.tap('Place order')
        await mp.waitForPage(CONFIRMATION[kind])
        await mp.waitForText('Thank you for your order!')

        const [contactInfo] = requestsTo(mp, 'POST', '/shoppingManagement4/orderContactInfo')
        const query = new URLSearchParams(contactInfo.path.split('?')[1])
        assert.deepEqual(
          { methodName: query.get('methodName'), tableNumber: query.get('tableNumber'), localStoreName: query.get('localStoreName') },
          { methodName: 'EAT_IN', tableNumber: 'A12', localStoreName: 'MSS-SQ1' }
        )
        const [reserved] = requestsTo(mp, 'POST', '/shoppingManagement4/reserve')
        const orderID = String(reserved.response.orderID)
        await mp.waitForText(`Order number: ${orderID}`)
        assert.ok(mp.calls.some((c) => c.name === SHEET[kind]), 'the platform payment sheet was shown')
        const placed = await answered(mp, 'GET', `/common3/orders/${orderID}`, 1)
        assert.deepEqual({ method: placed.method, tableNumber: placed.tableNumber, localStoreId: placed.localStoreId, paymentStatus: placed.paymentStatus }, { method: 'EAT_IN', tableNumber: 'A12', localStoreId: 'MSS-SQ1', paymentStatus: 'PAID_ONLINE' })
        await assertCartEmptied(mp)
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it('a failed payment keeps the cart and what was typed; Back to Cart and the same order is paid on the second try, only then the cart empties', async () => {
      const answers = { payment: 'cancelled' }
      await runMiniProgram(kind, server.baseUrl, { answers }, async (mp) => {
        await addHouseBlendToCart(mp)
        await checkoutAsPickup(mp)
        await mp.waitForPage(CONFIRMATION[kind])
        await mp.waitForText('Payment Failed')
        assert.ok(mp.texts().includes('Your cart is kept. You can try again or choose another payment method.'), mp.text())
        assert.ok(!mp.texts().includes('Thank you for your order!'))
        const first = String(requestsTo(mp, 'POST', '/shoppingManagement4/reserve')[0].response.orderID)
        assert.equal(mp.textsOf('tab-bar__badge')[0], '1')
        assert.equal(requestsTo(mp, 'GET', '/shoppingManagement4/myCart').at(-1).response.itemCount, 1, 'the server kept the cart')

        // Back to Cart: the checkout, with the cart's line and what the shopper chose and typed.
        mp.tap('Back to Cart')
        await mp.waitForPage(PAGES.checkout)
        await mp.waitForText('House Blend Coffee Beans 340g')
        await mp.waitForText('Place order')
        assert.equal(mp.inputValue('email'), CONTACT.email)
        assert.equal(mp.inputValue('firstName'), CONTACT.firstName)
        for (const chosen of ['Pickup', 'Downtown Toronto', '09:00', 'Pay online']) assert.ok(chosenOptions(mp).includes(chosen), `${chosen} is still chosen: ${chosenOptions(mp)}`)

        // Paid on the second try: the same order, a second sheet; only then is the cart emptied.
        answers.payment = 'paid'
        mp.tap('Place order')
        await mp.waitFor(() => mp.currentPage().route === CONFIRMATION[kind] && mp.text().includes('Thank you for your order!'), { what: 'the success page' })
        const reserves = requestsTo(mp, 'POST', '/shoppingManagement4/reserve')
        assert.equal(reserves.length, 2)
        assert.equal(String(reserves[1].response.orderID), first, 'the failed order stays payable and is reused')
        assert.equal(reserves[1].response.reused, true)
        assert.equal(mp.calls.filter((c) => c.name === SHEET[kind]).length, 2)
        await mp.waitForText(`Order number: ${first}`)
        await assertCartEmptied(mp)
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it('signed in: a coupon, a tip and store credit each change the total to the server number; the sheet charges that total and the credit is debited', async () => {
      const entry = `${PAGES.login}?redirect=${encodeURIComponent('/user/orders')}`
      await runMiniProgram(kind, server.baseUrl, { entry, answers: { payment: 'paid', identity: `credit-${kind}` } }, async (mp) => {
        await signInWithPlatform(mp, kind)
        await mp.waitForPage(PAGES.orders)
        mp.tap('Home')
        await mp.waitForPage(PAGES.home)
        await addHouseBlendToCart(mp)
        await openCheckoutFromCart(mp)
        await choosePickup(mp)
        // Signed in: the contact comes from the account, and the store credit balance is shown.
        await mp.waitFor(() => mp.inputValue('email') === 'demo@istore.test', { what: "the account's e-mail" })
        const balance = (await answered(mp, 'GET', '/admin/storeCreditManagement/storeCredit', 1)).balance
        await mp.waitForText(`Balance: ${money(balance)}`)
        await mp.settled()

        const start = requestsTo(mp, 'POST', '/shoppingManagement4/updateOrderMethod').at(-1).response
        const subtotal = start.subtotal
        let expected = subtotal + taxOf(subtotal)
        assert.equal(start.total, expected)
        await totalShows(mp, expected)

        /** After a step: the server's totals follow the seed's rules, and the summary and the bar show the new total. */
        async function check(cart, want) {
          const before = expected
          expected = want.subtotal - want.discount + want.tip + want.tax - want.storeCredit
          assert.deepEqual(
            { subtotal: cart.subtotal, discount: cart.discount, tip: cart.tip, tax: cart.tax, storeCredit: cart.storeCredit, shipping: cart.shipping, total: cart.total },
            { ...want, shipping: 0, total: expected }
          )
          assert.notEqual(expected, before, 'the step changed the total')
          await totalShows(mp, expected)
        }

        // WELCOME10: 10% off the subtotal (rounded down); tax on the discounted amount.
        const discount = Math.floor((subtotal * COUPON.percent) / 100)
        const tax = taxOf(subtotal - discount)
        mp.input('couponCode', COUPON.code)
        mp.tap('Apply')
        await check(await answered(mp, 'GET', `/shoppingManagement4/couponVerification/${COUPON.code}`, 1), { subtotal, discount, tip: 0, tax, storeCredit: 0 })

        // A 15% tip on the discounted amount.
        const tip = Math.round(((subtotal - discount) * 15) / 100)
        mp.tap('15%')
        await check(await answered(mp, 'POST', '/shoppingManagement4/tips', 1), { subtotal, discount, tip, tax, storeCredit: 0 })
        assert.ok(chosenOptions(mp).includes('15%'))

        // $5.00 of store credit.
        mp.input('storeCredit', '5.00')
        await mp.settled()
        mp.tap('Use store credit')
        await check(await answered(mp, 'POST', '/shoppingManagement4/applyStoreCredit', 1), { subtotal, discount, tip, tax, storeCredit: 500 })

        // The rest is paid in the sheet: the order reserved for it is exactly the summary's total.
        mp.tap('Pay online')
        await mp.settled()
        mp.tap('Place order')
        await mp.waitForPage(CONFIRMATION[kind])
        await mp.waitForText('Thank you for your order!')
        const [reserved] = requestsTo(mp, 'POST', '/shoppingManagement4/reserve')
        assert.equal(reserved.response.total, expected, 'the order paid in the sheet is the total the summary showed')
        assert.ok(mp.calls.some((c) => c.name === SHEET[kind]), 'the platform payment sheet was shown')
        await mp.waitForText(`Order number: ${reserved.response.orderID}`)
        // Signed in: the order detail is offered instead of registering.
        await mp.waitForText('Check Order Detail')
        const placed = await answered(mp, 'GET', `/common3/orders/${reserved.response.orderID}`, 1)
        assert.deepEqual({ discount: placed.discount, tip: placed.tip, storeCredit: placed.storeCredit, total: placed.total }, { discount, tip, storeCredit: 500, total: expected })

        // The credit used is debited from the balance (asked with the app's own session).
        const sent = requestsTo(mp, 'GET', `/common3/orders/${reserved.response.orderID}`)[0].headers
        // Taro's Alipay request lower-cases header names.
        const cookie = Object.entries(sent).find(([name]) => name.toLowerCase() === 'cookie')[1]
        const credit = await fetch(`${server.baseUrl}/api/istore/client/admin/storeCreditManagement/storeCredit`, { headers: { cookie } })
        assert.equal(credit.status, 200)
        assert.equal((await credit.json()).balance, balance - 500)
        await assertCartEmptied(mp)
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it('in Chinese (the device’s language): a pickup order paid in the sheet ends on the Chinese success page', async () => {
      const entry = `${PAGES.product}?id=1001`
      await runMiniProgram(kind, server.baseUrl, { entry, language: SYSTEM_CHINESE[kind], answers: { payment: 'paid' } }, async (mp) => {
        await addHouseBlendOnItsPage(mp, { grind: '咖啡豆', inStock: '库存', add: '加入购物车' })
        await openCheckoutFromCart(mp, { cart: '购物车', checkout: '去结算', until: '提交订单' })
        assert.equal(mp.textsOf('checkout__place-order')[0], '提交订单')
        await choosePickup(mp, { pickup: '自取', store: '多伦多市中心店' })
        for (const [name, value] of Object.entries(CONTACT)) mp.input(name, value)
        mp.tap('在线支付')
        await mp.settled()
        assert.deepEqual(chosenOptions(mp).filter((t) => ['自取', '多伦多市中心店', '09:00', '在线支付'].includes(t)), ['自取', '多伦多市中心店', '09:00', '在线支付'])
        mp.tap('提交订单')
        await mp.waitForPage(CONFIRMATION[kind])
        await mp.waitForText('感谢您的订购！')
        const [reserved] = requestsTo(mp, 'POST', '/shoppingManagement4/reserve')
        await mp.waitForText(`订单号：${reserved.response.orderID}`)
        assert.ok(!mp.texts().includes('Thank you for your order!'), mp.text())
        await assertCartEmptied(mp, { cart: '购物车', empty: '购物车是空的' })
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })
  })
}
