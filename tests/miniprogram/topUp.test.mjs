/**
 * Issue 15 on the production builds of both mini-programs: the demo shopper signs in with the platform, opens My account and
 * tops up store credit in the platform's own payment sheet (wx.requestPayment / my.tradePay, answered "paid" or
 * "cancelled" by the runtime's device); paid, the new balance is shown and the history has the top-up; cancelled,
 * nothing is added. WeChat on an iPhone offers no top-up (Apple's rule on stored value, as for memberships) and says so.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertDeviceClean, requestsTo, runMiniProgram, serverForFile, signInWithPlatform } from './kit.mjs'

const LOGIN = 'packages/account/pages/login/index'
const ACCOUNT = 'packages/user/pages/list/index'
const CHANNEL = { weapp: 'WECHAT_MINI_PROGRAM', alipay: 'ALIPAY_MINI_PROGRAM' }
const SHEET = { weapp: 'requestPayment', alipay: 'tradePay' }
const money = (minor) => `$${(minor / 100).toFixed(2)}`

const server = serverForFile()

/**
 * Signs the demo shopper in with the platform (the runtime's identity `topup-<kind>`): the first time the new identity is
 * linked to the demo account by e-mail, later it signs in by itself. Lands on My account with the store credit loaded;
 * answers the balance.
 */
async function signedInAtMyAccount(mp, kind) {
  await signInWithPlatform(mp, kind)
  await mp.waitForPage(ACCOUNT)
  const history = () => requestsTo(mp, 'GET', '/admin/storeCreditManagement/storeCreditHistory').find((r) => r.status === 200)
  await mp.waitFor(history, { what: 'the store credit' })
  return history().response.balance
}

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: store-credit top-up from My account`, () => {
    const entry = `${LOGIN}?redirect=${encodeURIComponent('/user/list')}`

    it('paid in the sheet: the balance grows by the amount and the history shows the top-up', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry, device: 'android', answers: { payment: 'paid', identity: `topup-${kind}` } }, async (mp) => {
        const before = await signedInAtMyAccount(mp, kind)
        await mp.waitForText('Top up')
        mp.tap('Top up')
        await mp.waitForText('Top up store credit')
        assert.ok(mp.text().includes('You pay in the app’s own payment sheet.'), mp.text())
        mp.tap('$50.00')
        // The choice renders before Pay reads it (as the journeys settle between taps).
        await mp.settled()
        mp.tap('Pay')
        await mp.waitForText(`$50.00 added. Your store credit is now ${money(before + 5000)}.`)
        const [applied] = requestsTo(mp, 'POST', '/shoppingManagement4/applyStoreCreditDeposit')
        assert.equal(applied.status, 200)
        assert.deepEqual({ amount: applied.body.amount, channel: applied.body.channel }, { amount: 5000, channel: CHANNEL[kind] })
        assert.ok(mp.calls.find((c) => c.name === SHEET[kind]), 'the platform payment sheet was shown')
        const [status] = requestsTo(mp, 'POST', '/shoppingManagement4/storeCreditDepositStatus')
        assert.equal(status.response.status, 'PAID')
        await mp.waitForText('Top-up')
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it('cancelled in the sheet: nothing is added and it says so', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry, device: 'android', answers: { payment: 'cancelled', identity: `topup-${kind}` } }, async (mp) => {
        const before = await signedInAtMyAccount(mp, kind)
        await mp.waitForText('Top up')
        mp.tap('Top up')
        await mp.waitForText('Top up store credit')
        mp.tap('$20.00')
        await mp.settled()
        mp.tap('Pay')
        await mp.waitForText('The payment of $20.00 did not go through; your store credit is unchanged.')
        const [status] = requestsTo(mp, 'POST', '/shoppingManagement4/storeCreditDepositStatus')
        assert.deepEqual({ status: status.response.status, balance: status.response.balance }, { status: 'FAILED', balance: before })
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it(kind === 'weapp' ? 'on an iPhone: WeChat sells no stored value there, so it says where to top up' : 'on an iPhone: offered as on Android', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry, device: 'ios', answers: { identity: `topup-${kind}` } }, async (mp) => {
        await signedInAtMyAccount(mp, kind)
        const NOT_HERE = 'Store credit cannot be topped up in the mini-program on iPhone or iPad.'
        if (kind === 'weapp') {
          await mp.waitForText(NOT_HERE)
          assert.ok(!mp.text().split('\n').includes('Top up'), 'no Top up button')
        } else {
          await mp.waitForText('Top up')
          assert.ok(!mp.text().includes(NOT_HERE), mp.text())
        }
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })
  })
}
