/**
 * Issue 13 on the production builds of both mini-programs (tests/miniprogram/runtime.mjs, whose device answers
 * getSystemInfo with platform 'ios'): the membership page offers plans and benefits everywhere, but WeChat on iOS
 * forbids selling virtual goods, so there it has no purchase button and says where to buy, while Alipay offers
 * "Sign in to buy"; a product page opened from a share link shows the member price and keeps the referrer's id for
 * registration. The browser's purchase (tests/e2e/members.test.mjs) on both builds, WeChat on an Android phone: a
 * new shopper signs up on the way to buying a month, pays it in the platform's sheet, and the membership page, the
 * product page and the cart then show the member price.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertDeviceClean, checkoutAsPickup, CONFIRMATION, PAGES, requestsTo, runMiniProgram, serverForFile } from './kit.mjs'

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

// Seed (server/src/seed/members.ts): West Lake Longjing 100g has its own member price.
const LONGJING = { id: '1011', name: 'West Lake Longjing 100g', price: '$32.99', memberPrice: '$27.99', saving: '$5.00' }
const SIGNUP = 'packages/account/pages/signup/index'

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: a membership bought in the mini-program${kind === 'weapp' ? ' (Android)' : ''}`, () => {
    it('a guest signs up on the way to buying a month, pays it in the sheet; the membership shows, and member prices apply', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry: MEMBERSHIP, device: 'android', answers: { payment: 'paid' } }, async (mp) => {
        await mp.waitForText('Sign in to buy')
        mp.tap('Sign in to buy')
        await mp.waitForPage(LOGIN)
        await mp.waitForText('Create an account')
        mp.tap('Create an account')
        await mp.waitForPage(SIGNUP)
        await mp.waitForText('Create account')
        const email = `mp-member-${kind}-${Date.now().toString(36)}@example.com`
        for (const [name, value] of Object.entries({ firstName: 'Mia', lastName: 'Member', emailID: email, password: 'longenough1', confirmPassword: 'longenough1' })) mp.input(name, value)
        await mp.settled()
        mp.tap('Create account')
        await mp.waitForPage(MEMBERSHIP)
        await mp.waitForText('You are not a member yet.')
        await mp.waitForText('Buy 1 month')
        mp.tap('Buy 1 month')
        await mp.waitForPage(PAGES.cart)
        await mp.waitForText('Membership: 1 month')
        const [added] = requestsTo(mp, 'POST', '/shoppingManagement4/myCart')
        assert.equal(added.status, 200)
        await mp.waitFor(() => mp.textsOf('tab-bar__badge')[0] === '1', { what: 'the cart badge to show 1' })
        await checkoutAsPickup(mp)
        await mp.waitForPage(CONFIRMATION[kind])
        await mp.waitForText('Thank you for your order!')

        mp.native.reLaunch({ url: `/${MEMBERSHIP}` })
        await mp.waitForPage(MEMBERSHIP)
        await mp.waitForText('Maple Member')
        await mp.waitForText('Valid until')
        await mp.waitForText('Renew: 1 month')

        // A member pays the member price: on the product page (no "members save" pitch) and in the cart.
        mp.native.navigateTo({ url: `/${PAGES.product}?id=${LONGJING.id}` })
        await mp.waitForPage(PAGES.product)
        await mp.waitForText(LONGJING.name)
        await mp.waitForText(LONGJING.memberPrice)
        assert.ok(!mp.texts().some((t) => t.startsWith('Members save')), mp.text())
        await mp.settled()
        mp.tap('Add to cart')
        await mp.waitForText('Added to your cart')
        mp.tap('Cart')
        await mp.waitForPage(PAGES.cart)
        await mp.waitForText(LONGJING.name)
        await mp.settled()
        const line = mp.groupsOf('cart-line').find((texts) => texts.includes(LONGJING.name))
        assert.ok(line.includes(LONGJING.memberPrice) && line.includes(LONGJING.price), line.join(' | '))
        assert.ok(mp.textsOf('cart-totals__member').join(' ').includes(LONGJING.saving), mp.text())
        await assertDeviceClean(mp)
      })
    })
  })
}
