/**
 * WeChat Pay in the WeChat mini-program, for real: the reference server runs the wechatpay provider against the WeChat
 * Pay protocol double (server/tests/doubles/wechatpay.ts, as a process). The sheet (wx.requestPayment) receives
 * parameters whose paySign verifies with the merchant's public key over WeChat Pay's documented string; paying in it
 * pays the order at the double, which notifies the server; the journey ends on the confirmation page only after the
 * server saw the payment: a sheet that answers OK while WeChat Pay has no payment leaves the page waiting, and it says
 * paid once WeChat Pay's notification has reached the server.
 */
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { addHouseBlendToCart, assertDeviceClean, checkoutAsPickup, requestsTo, runMiniProgram, startDoubleProcess } from './kit.mjs'
import { startServer } from './server.mjs'

let doubleProcess
let double
let server

before(async () => {
  doubleProcess = await startDoubleProcess('wechatpay-process.ts')
  double = doubleProcess.info
  // The demo store (its published demo account, the sign-in sandbox) beside the provider's credentials: a live shop's
  // settings, so a public demo on purpose (server/README.md, the start-environment table).
  server = await startServer({ ...double.env, ISTORE_SANDBOX: '1' })
})
after(async () => {
  await server?.stop()
  await doubleProcess?.stop()
})

/** Pays the order of a prepay id at the double, which notifies the server (as the shopper paying in WeChat's sheet). */
const payAtWeChatPay = async (prepayId) => {
  const res = await fetch(`${double.control}/pay`, { method: 'POST', body: JSON.stringify({ prepayId, deliverTo: server.baseUrl }) })
  return res.status === 200 ? res.json() : res.text()
}
const weChatLogin = async () => (await (await fetch(`${double.control}/login`, { method: 'POST' })).json()).code
const prepayIdOf = (options) => options.package.replace(/^prepay_id=/, '')

describe('WeChat Pay in the mini-program (weapp)', () => {
  it('the sheet gets a paySign the merchant key verifies; paying ends on the success page once the server saw the payment', async () => {
    const sheets = []
    const weChatPaySheet = async (options) => {
      const message = `${double.miniProgramAppId}\n${options.timeStamp}\n${options.nonceStr}\n${options.package}\n`
      const verified = crypto.verify('RSA-SHA256', Buffer.from(message, 'utf8'), double.merchantPublicKey, Buffer.from(options.paySign, 'base64'))
      sheets.push({ options, verified, paid: await payAtWeChatPay(prepayIdOf(options)) })
    }
    await runMiniProgram('weapp', server.baseUrl, { answers: { payment: 'paid', weChatPaySheet, weChatLogin } }, async (mp) => {
      await addHouseBlendToCart(mp)
      await checkoutAsPickup(mp)
      await mp.waitForPage('pages/confirmation/index')
      await mp.waitForText('Thank you for your order!')
      assert.equal(sheets.length, 1)
      const [sheet] = sheets
      assert.equal(sheet.verified, true, 'paySign verifies with the merchant public key')
      assert.equal(sheet.options.signType, 'RSA')
      assert.match(sheet.options.package, /^prepay_id=wx/)
      assert.equal(sheet.paid.notified, 204, 'the double notified the server, which acknowledged it')
      const [reserved] = requestsTo(mp, 'POST', '/shoppingManagement4/reserve')
      const [report] = requestsTo(mp, 'POST', '/shoppingManagement4/processWeChatMiniProgramPayment/success')
      assert.deepEqual([report.response.orderID, report.response.status, report.response.paymentStatus], [String(reserved.response.orderID), 'NEW', 'PAID_ONLINE'])
      // The confirmation page itself asked the server.
      const [check] = requestsTo(mp, 'POST', '/shoppingManagement4/checkNativePayPaymentStatus')
      assert.deepEqual([check.body.orderID, check.response.paymentStatus], [String(reserved.response.orderID), 'PAID_ONLINE'])
      await mp.waitFor(() => mp.textsOf('tab-bar__badge').length === 0, { what: 'the cart badge to go' })
      await mp.settled()
      await assertDeviceClean(mp)
    })
  })

  it('a sheet that answers OK while WeChat Pay has no payment: the page waits, and says paid once the notification reached the server', async () => {
    const sheets = []
    // The device's sheet says OK, but nothing was paid at WeChat Pay (yet).
    const weChatPaySheet = async (options) => void sheets.push(options)
    await runMiniProgram('weapp', server.baseUrl, { answers: { payment: 'paid', weChatPaySheet, weChatLogin } }, async (mp) => {
      await addHouseBlendToCart(mp)
      await checkoutAsPickup(mp)
      await mp.waitForPage('pages/confirmation/index')
      const checks = () => requestsTo(mp, 'POST', '/shoppingManagement4/checkNativePayPaymentStatus').filter((r) => r.response)
      await mp.waitFor(() => checks().length >= 1, { what: 'the page to ask the server' })
      await mp.waitForText('Submit Payment...')
      const [report] = requestsTo(mp, 'POST', '/shoppingManagement4/processWeChatMiniProgramPayment/success')
      assert.equal(report.response.paymentStatus, 'NOT_PAID', 'the server asked WeChat Pay, which has no payment')
      assert.deepEqual(checks().map((r) => r.response.paymentStatus), checks().map(() => 'NOT_PAID'))
      assert.ok(!mp.text().includes('Thank you for your order!'), mp.text())

      assert.equal((await payAtWeChatPay(prepayIdOf(sheets[0]))).notified, 204)
      await mp.waitForText('Thank you for your order!')
      assert.equal(checks().at(-1).response.paymentStatus, 'PAID_ONLINE')
      await mp.settled()
      await assertDeviceClean(mp)
    })
  })
})
