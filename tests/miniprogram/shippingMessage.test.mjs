/**
 * WeChat's shipping message opens the shopper's order (issue 40), weapp only, on the real build against the reference
 * server with WeChat Pay's protocol double (server/tests/doubles/wechatpay-process.ts). The store's jump path is the
 * order page (payments/wechatShipping.ts ORDER_PAGE), to which WeChat appends the payment's transaction_id, merchant_id
 * and merchant_trade_no (消息跳转路径设置, https://developers.weixin.qq.com/miniprogram/dev/server/API/order_shipping/api_setmsgjumppath):
 * a shopper signed in with WeChat pays a pickup order in the sheet, closes the app, and the message's tap launches the
 * mini-program cold on that path: the page asks the server for the order of that payment number and shows it. A number
 * that is not the shopper's says so, with the way to their orders.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { addHouseBlendToCart, assertDeviceClean, checkoutAsPickup, PAGES, requestsTo, runMiniProgram, signInWithPlatform, startDoubleProcess } from './kit.mjs'
import { startServer } from './server.mjs'

/** The page the store gives WeChat as its messages' jump path (the order page). */
const ORDER_PAGE = 'packages/user/pages/order/index'

let doubleProcess
let double
let server

before(async () => {
  doubleProcess = await startDoubleProcess('wechatpay-process.ts')
  double = doubleProcess.info
  server = await startServer({ ...double.env, ISTORE_SANDBOX: '1' })
})
after(async () => {
  await server?.stop()
  await doubleProcess?.stop()
})

const payAtWeChatPay = async (prepayId) => {
  const res = await fetch(`${double.control}/pay`, { method: 'POST', body: JSON.stringify({ prepayId, deliverTo: server.baseUrl }) })
  return res.status === 200 ? res.json() : res.text()
}
const weChatLogin = async () => (await (await fetch(`${double.control}/login`, { method: 'POST' })).json()).code
const messageQuery = (merchantTradeNo) =>
  new URLSearchParams({ transaction_id: '4200001234202612020000000001', merchant_id: double.env.WECHATPAY_MCHID ?? '1900000109', merchant_trade_no: merchantTradeNo }).toString()

describe('WeChat\'s shipping message opens the order (weapp)', () => {
  it('the jump path with WeChat\'s merchant_trade_no shows the shopper\'s order; a number not theirs says so', async () => {
    const sheets = []
    const weChatPaySheet = async (options) => void sheets.push(await payAtWeChatPay(options.package.replace(/^prepay_id=/, '')))
    let storage
    let orderID
    const entry = `${PAGES.login}?redirect=${encodeURIComponent('/user/orders')}`
    await runMiniProgram('weapp', server.baseUrl, { entry, answers: { payment: 'paid', weChatPaySheet, weChatLogin } }, async (mp) => {
      await signInWithPlatform(mp, 'weapp')
      await mp.waitForPage(PAGES.orders)
      mp.tap('Home')
      await mp.waitForPage(PAGES.home)
      await addHouseBlendToCart(mp)
      await checkoutAsPickup(mp)
      await mp.waitForPage('pages/confirmation/index')
      await mp.waitForText('Thank you for your order!')
      orderID = String(requestsTo(mp, 'POST', '/shoppingManagement4/reserve')[0].response.orderID)
      await mp.settled()
      storage = { ...mp.storage }
    })
    assert.equal(sheets.length, 1)
    const { outTradeNo } = sheets[0]
    assert.match(outTradeNo, /^[A-Za-z0-9]{6,32}$/)

    // The message's tap: a cold start on the jump path with WeChat's query, the phone's storage (the session) kept.
    await runMiniProgram('weapp', server.baseUrl, { entry: `${ORDER_PAGE}?${messageQuery(outTradeNo)}`, storage }, async (mp) => {
      await mp.waitFor(() => requestsTo(mp, 'GET', `/admin/orderManagement/orderOfPayment/${outTradeNo}`).some((r) => r.status === 200), { what: 'the order of the payment' })
      await mp.waitFor(() => requestsTo(mp, 'GET', `/admin/orderManagement/order/${orderID}`).some((r) => r.status === 200), { what: 'the order page by its number' })
      await mp.waitForText(`Order ${orderID}`)
      await mp.waitForText('House Blend Coffee Beans 340g')
      assert.equal(mp.currentPage().route, ORDER_PAGE)
      await mp.settled()
      await assertDeviceClean(mp)
    })

    // A payment number that is not this shopper's: nothing of it is shown, and the way to their own orders is.
    await runMiniProgram('weapp', server.baseUrl, { entry: `${ORDER_PAGE}?${messageQuery('wx0000000000000000')}`, storage }, async (mp) => {
      await mp.waitForText('This payment is not for an order in your account.')
      assert.equal(requestsTo(mp, 'GET', '/admin/orderManagement/orderOfPayment/wx0000000000000000')[0].status, 404)
      assert.ok(!mp.text().includes('House Blend'), mp.text())
      await mp.settled()
    })
  })
})
