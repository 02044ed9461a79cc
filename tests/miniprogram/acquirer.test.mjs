/**
 * A Canadian store whose WeChat mini-program pays through an acquirer (issue 39 items 1-2), for real, once through
 * IOTPay and once through SnapPay: the reference server runs with CHANNEL_PROVIDERS=WECHAT_MINI_PROGRAM=iotpay (or
 * =snappay) against that acquirer's double and WeChat's (server/tests/doubles/acquirer-process.ts). The built weapp signs
 * in to pay with wx.login, the server turns the code into the shopper's openid for the shop's own mini-program
 * (jscode2session) and asks the acquirer for a mini-program order (IOTPay: create_order WX_JSAPI minipay; SnapPay:
 * pay.minipay); WeChat's sheet gets the acquirer's wx.requestPayment parameters; paying in it pays the order at the
 * acquirer, whose signed notification reaches the server; the journey ends on the confirmation page only once the
 * server saw the payment. WeChat only (weapp): build it first (npm run build:weapp).
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { addHouseBlendToCart, assertDeviceClean, checkoutAsPickup, requestsTo, runMiniProgram, startDoubleProcess } from './kit.mjs'
import { startServer } from './server.mjs'

/** Each acquirer: its name, the argument of acquirer-process.ts, and the answer its notification gets once applied. */
const ACQUIRERS = [
  { name: 'IOTPay', arg: 'iotpay', notifyAnswer: 'success' },
  { name: 'SnapPay', arg: 'snappay', notifyAnswer: '{"code":"0","msg":"SUCCESS"}' },
]

for (const acquirer of ACQUIRERS) {
  describe(`WeChat in the mini-program through ${acquirer.name} (weapp)`, () => {
    let doubleProcess
    let double
    let server

    before(async () => {
      doubleProcess = await startDoubleProcess('acquirer-process.ts', [acquirer.arg])
      double = doubleProcess.info
      // The demo store beside the acquirer's credentials: a live shop's settings, so a public demo on purpose.
      server = await startServer({ ...double.env, ISTORE_SANDBOX: '1' })
    })
    after(async () => {
      await server?.stop()
      await doubleProcess?.stop()
    })

    const payAtAcquirer = async (pkg) => {
      const res = await fetch(`${double.control}/pay`, { method: 'POST', body: JSON.stringify({ package: pkg, deliverTo: server.baseUrl }) })
      return res.status === 200 ? res.json() : res.text()
    }
    const weChatLogin = async () => (await (await fetch(`${double.control}/login`, { method: 'POST' })).json()).code

    it(`the sheet gets ${acquirer.name}'s parameters for the shop's own app; paying ends on the success page once ${acquirer.name}'s notification reached the server`, async () => {
      const sheets = []
      const weChatPaySheet = async (options) => void sheets.push({ options, paid: await payAtAcquirer(options.package) })
      await runMiniProgram('weapp', server.baseUrl, { answers: { payment: 'paid', weChatPaySheet, weChatLogin } }, async (mp) => {
        await addHouseBlendToCart(mp)
        await checkoutAsPickup(mp)
        await mp.waitForPage('pages/confirmation/index')
        await mp.waitForText('Thank you for your order!')
        assert.equal(sheets.length, 1)
        const [sheet] = sheets
        assert.match(sheet.options.package, /^prepay_id=wx/)
        assert.equal(sheet.options.signType, 'MD5', `${acquirer.name}'s parameters as it answered them`)
        assert.equal(sheet.paid.openId, double.openId, 'the openid of the sign-in\'s jscode2session for the shop\'s mini-program')
        assert.deepEqual([sheet.paid.notified, sheet.paid.answer], [200, acquirer.notifyAnswer], `${acquirer.name}'s notification acknowledged`)
        const [reserved] = requestsTo(mp, 'POST', '/shoppingManagement4/reserve')
        const [started] = requestsTo(mp, 'POST', '/shoppingManagement4/requestWeChatMiniProgramPayment')
        assert.equal(started.response.weChatPayInfo.appId, double.miniProgramAppId)
        const [check] = requestsTo(mp, 'POST', '/shoppingManagement4/checkNativePayPaymentStatus')
        assert.deepEqual([check.body.orderID, check.response.paymentStatus], [String(reserved.response.orderID), 'PAID_ONLINE'])
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })
  })
}
