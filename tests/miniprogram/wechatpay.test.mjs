/**
 * WeChat Pay in the WeChat mini-program, for real: the reference server runs the wechatpay provider against the WeChat
 * Pay protocol double (server/tests/doubles/wechatpay.ts, as a process). The sheet (wx.requestPayment) receives
 * parameters whose paySign verifies with the merchant's public key over WeChat Pay's documented string; paying in it
 * pays the order at the double, which notifies the server; the journey ends on the confirmation page only after the
 * server saw the payment (the client's report is answered paid by the server's own query, never by the report).
 */
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { addHouseBlendToCart, assertDeviceClean, checkoutAsPickup, requestsTo, root, runMiniProgram } from './kit.mjs'
import { startServer } from './server.mjs'

let doubleProcess
let double
let server

before(async () => {
  doubleProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/doubles/wechatpay-process.ts'], {
    cwd: path.join(root, 'server'),
    stdio: ['ignore', 'pipe', 'inherit']
  })
  double = await new Promise((resolve, reject) => {
    let out = ''
    doubleProcess.stdout.on('data', (d) => {
      out += d
      if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))))
    })
    doubleProcess.once('exit', (code) => reject(new Error(`the WeChat Pay double exited with ${code}`)))
  })
  server = await startServer(double.env)
})
after(async () => {
  await server?.stop()
  if (doubleProcess && doubleProcess.exitCode === null) {
    const exited = new Promise((resolve) => doubleProcess.once('exit', resolve))
    doubleProcess.kill('SIGTERM')
    await exited
  }
})

describe('WeChat Pay in the mini-program (weapp)', () => {
  it('the sheet gets a paySign the merchant key verifies; paying ends on the success page once the server saw the payment', async () => {
    const sheets = []
    const weChatPaySheet = async (options) => {
      const message = `${double.miniProgramAppId}\n${options.timeStamp}\n${options.nonceStr}\n${options.package}\n`
      const verified = crypto.verify('RSA-SHA256', Buffer.from(message, 'utf8'), double.merchantPublicKey, Buffer.from(options.paySign, 'base64'))
      const res = await fetch(`${double.control}/pay`, {
        method: 'POST',
        body: JSON.stringify({ prepayId: options.package.replace(/^prepay_id=/, ''), deliverTo: server.baseUrl })
      })
      sheets.push({ options, verified, paid: res.status === 200 ? await res.json() : await res.text() })
    }
    const weChatLogin = async () => (await (await fetch(`${double.control}/login`, { method: 'POST' })).json()).code
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
      await mp.waitFor(() => mp.textsOf('tab-bar__badge').length === 0, { what: 'the cart badge to go' })
      await mp.settled()
      await assertDeviceClean(mp)
    })
  })
})
