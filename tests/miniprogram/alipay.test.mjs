/**
 * Alipay in the Alipay mini-program, for real: the reference server runs the alipay provider (alipay-sdk) against the
 * Alipay gateway double (server/tests/doubles/alipay.ts, as a process). my.getAuthCode's code is exchanged at the double
 * for the buyer; my.tradePay receives the trade number the double created for that buyer; the cashier answers 9000
 * and the journey ends on the confirmation page only after the server saw the payment: a cashier that answers 9000
 * while Alipay has no payment leaves the page waiting, and it says paid once Alipay's notification reached the server.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { addHouseBlendToCart, assertDeviceClean, checkoutAsPickup, requestsTo, runMiniProgram, startDoubleProcess } from './kit.mjs'
import { startServer } from './server.mjs'

const CONFIRMATION = 'pages/confirmationa/index'
let doubleProcess
let double
let server

before(async () => {
  doubleProcess = await startDoubleProcess('alipay-process.ts')
  double = doubleProcess.info
  // The demo store (its published demo account, the sign-in sandbox) beside the provider's credentials: a live shop's
  // settings, so a public demo on purpose (server/README.md, the start-environment table).
  server = await startServer({ ...double.env, ISTORE_SANDBOX: '1' })
})
after(async () => {
  await server?.stop()
  await doubleProcess?.stop()
})

const control = async (method, path, body) => {
  const res = await fetch(`${double.control}${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) })
  if (res.status !== 200) throw new Error(`${path}: ${await res.text()}`)
  return res.json()
}
const alipayAuthCode = async () => (await control('POST', '/authCode')).code
/** The buyer pays the trade in Alipay's cashier: the double pays it and notifies the server. */
const payAtAlipay = (tradeNo) => control('POST', '/pay', { tradeNo, deliverTo: server.baseUrl })

describe('Alipay in the mini-program (alipay)', () => {
  it('my.tradePay gets the trade Alipay created for the buyer; paying ends on the success page once the server saw the payment', async () => {
    const cashiers = []
    const alipayCashier = async (options) => void cashiers.push({ options, paid: await payAtAlipay(options.tradeNO) })
    await runMiniProgram('alipay', server.baseUrl, { answers: { payment: 'paid', alipayAuthCode, alipayCashier } }, async (mp) => {
      await addHouseBlendToCart(mp)
      await checkoutAsPickup(mp)
      await mp.waitForPage(CONFIRMATION)
      await mp.waitForText('Thank you for your order!')
      const [reserved] = requestsTo(mp, 'POST', '/shoppingManagement4/reserve')
      const orderID = String(reserved.response.orderID)
      const trades = await control('GET', '/trades')
      assert.equal(trades.length, 1)
      const [trade] = trades
      assert.equal(trade.method, 'alipay.trade.create')
      assert.equal(trade.buyerId, '2088000000000525', 'the buyer is the one my.getAuthCode named')
      assert.equal(cashiers.length, 1)
      assert.equal(cashiers[0].options.tradeNO, trade.tradeNo, 'my.tradePay opened the trade Alipay created')
      assert.equal(cashiers[0].paid.notified, 'success', 'the server verified and acknowledged Alipay\'s notification')
      const [afterCashier] = requestsTo(mp, 'POST', '/shoppingManagement4/checkAlipayPaymentStatus')
      assert.deepEqual([afterCashier.body.orderID, afterCashier.body.resultCode, afterCashier.response.paymentStatus], [orderID, '9000', 'PAID_ONLINE'])
      assert.ok(mp.texts().includes(`Order number: ${orderID}`), mp.text())
      await mp.waitFor(() => mp.textsOf('tab-bar__badge').length === 0, { what: 'the cart badge to go' })
      await mp.settled()
      await assertDeviceClean(mp)
    })
  })

  it('a cashier that answers 9000 while Alipay has no payment: the page waits, and says paid once the notification reached the server', async () => {
    const cashiers = []
    // The device's cashier says 9000, but nothing was paid at Alipay (yet).
    const alipayCashier = async (options) => void cashiers.push(options)
    await runMiniProgram('alipay', server.baseUrl, { answers: { payment: 'paid', alipayAuthCode, alipayCashier } }, async (mp) => {
      await addHouseBlendToCart(mp)
      await checkoutAsPickup(mp)
      await mp.waitForPage(CONFIRMATION)
      const checks = () => requestsTo(mp, 'POST', '/shoppingManagement4/checkAlipayPaymentStatus').filter((r) => r.response)
      // The adapter's check with the cashier's 9000, then the page's own.
      await mp.waitFor(() => checks().length >= 2, { what: 'the page to ask the server' })
      await mp.waitForText('Submit Payment...')
      assert.equal(checks()[0].body.resultCode, '9000')
      assert.deepEqual(checks().map((r) => r.response.paymentStatus), checks().map(() => 'NOT_PAID'), 'Alipay says WAIT_BUYER_PAY')
      assert.ok(!mp.text().includes('Thank you for your order!'), mp.text())

      assert.equal((await payAtAlipay(cashiers[0].tradeNO)).notified, 'success')
      await mp.waitForText('Thank you for your order!')
      assert.equal(checks().at(-1).response.paymentStatus, 'PAID_ONLINE')
      await mp.settled()
      await assertDeviceClean(mp)
    })
  })
})
