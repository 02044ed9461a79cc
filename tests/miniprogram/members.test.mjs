/**
 * Issue 13 on the production builds of both mini-programs (tests/miniprogram/runtime.mjs, whose device answers
 * getSystemInfo with platform 'ios'): the membership page offers plans and benefits everywhere, but WeChat on iOS
 * forbids selling virtual goods, so there it has no purchase button and says where to buy, while Alipay offers
 * "Sign in to buy"; a product page opened from a share link shows the member price and keeps the referrer's id for
 * registration.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertDeviceClean, requestsTo, runMiniProgram, serverForFile } from './kit.mjs'

const MEMBERSHIP = 'packages/user/pages/membership/index'
const LOGIN = 'packages/account/pages/login/index'
const NO_PURCHASE = 'Memberships cannot be bought in the mini-program on iPhone or iPad'

const server = serverForFile()

describe('membership page on WeChat (iOS)', () => {
  it('shows the plans and benefits with no purchase button, and says where to buy', async () => {
    await runMiniProgram('weapp', server.baseUrl, { entry: MEMBERSHIP }, async (mp) => {
      await mp.waitForText('Membership: 1 month')
      await mp.waitForText('Member prices on the whole shop: 10% off, more on selected items')
      assert.ok(mp.text().includes(NO_PURCHASE), mp.text())
      assert.ok(!mp.text().includes('Sign in to buy'), mp.text())
      assert.ok(!mp.texts().some((t) => t.startsWith('Buy ')), mp.text())
      const [list] = requestsTo(mp, 'GET', '/productManagement2/products?')
      assert.match(list.path, /productType=MEMBERSHIP&recordStatus=ACTIVE&sortby=default&infiniteLoad=false/)
      await mp.settled()
      await assertDeviceClean(mp)
    })
  })
})

describe('membership page on Alipay', () => {
  it('offers the plans; a guest signs in to buy', async () => {
    await runMiniProgram('alipay', server.baseUrl, { entry: MEMBERSHIP }, async (mp) => {
      await mp.waitForText('Membership: lifetime')
      assert.ok(!mp.text().includes(NO_PURCHASE), mp.text())
      await mp.waitForText('Sign in to buy')
      mp.tap('Sign in to buy')
      await mp.waitForPage(LOGIN)
      await mp.settled()
      await assertDeviceClean(mp)
    })
  })
})

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: a product page opened from a share link`, () => {
    it('shows the member price beside the regular one and keeps the referral id for registration', async () => {
      const entry = 'packages/store/pages/product/index?id=1011&ref=RJOURNEY1'
      await runMiniProgram(kind, server.baseUrl, { entry }, async (mp) => {
        await mp.waitForText('West Lake Longjing 100g')
        await mp.waitForText('Member price')
        assert.ok(mp.texts().includes('$27.99'), mp.text())
        assert.ok(mp.texts().includes('Members save $5.00'), mp.text())
        await mp.waitFor(() => mp.storage['istore.referrer'] !== undefined, { what: 'the referral id kept' })
        assert.equal(JSON.parse(mp.storage['istore.referrer']), 'RJOURNEY1')
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })
  })
}
