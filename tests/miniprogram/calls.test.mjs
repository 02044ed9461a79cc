/**
 * The browser's calls journeys (tests/e2e/calls.test.mjs) on the production builds of both mini-programs against the
 * real server: at checkout the coupon picker (GET /common3/coupons/) says what each coupon saves on this cart or what
 * is missing, and a tap applies one (couponVerification), the total becoming the server's; on a device in Chinese the
 * store page lists the brands (GET /productManagement/brands), and one opens its list titled with the brand's Chinese
 * name and its count.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { addHouseBlendToCart, assertDeviceClean, openCheckoutFromCart, PAGES, requestsTo, runMiniProgram, serverForFile } from './kit.mjs'

const STORE = 'packages/store/pages/index/index'
/** Seed (server/src/seed/store.ts, demo-catalogue.json): the House Blend's price, two public coupons, a brand. */
const HOUSE_BLEND_PRICE = 1699
const WELCOME10 = { code: 'WELCOME10', percent: 10 }
const SAVE5 = { code: 'SAVE5', minSubtotal: 3000 }
const JADE = { name: 'Jade Leaf', zh: '翠叶' }
const SYSTEM_CHINESE = { weapp: 'zh_CN', alipay: 'zh-Hans' }

const money = (minor) => `$${(minor / 100).toFixed(2)}`

const server = serverForFile()

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: coupons and brands`, () => {
    it('the coupon picker says what each coupon does for this cart; Use applies one and the total is the server’s', async () => {
      await runMiniProgram(kind, server.baseUrl, {}, async (mp) => {
        await addHouseBlendToCart(mp)
        await openCheckoutFromCart(mp, { until: 'Your coupons' })
        await mp.settled()
        assert.equal(requestsTo(mp, 'GET', '/common3/coupons/')[0].status, 200)
        const saving = Math.floor((HOUSE_BLEND_PRICE * WELCOME10.percent) / 100)
        const cards = () => mp.groupsOf('coupon-card')
        const card = (code) => cards().find((texts) => texts.some((t) => t.includes(code)))
        assert.ok(card(WELCOME10.code).includes(`Saves ${money(saving)} on this order`), card(WELCOME10.code).join(' | '))
        assert.ok(card(SAVE5.code).includes(`Add ${money(SAVE5.minSubtotal - HOUSE_BLEND_PRICE)} more to use it`), card(SAVE5.code).join(' | '))
        // Each card has its Use button: WELCOME10's is the one in its card.
        const welcome = cards().findIndex((texts) => texts.some((t) => t.includes(WELCOME10.code)))
        assert.ok(cards().every((texts) => texts.filter((t) => t === 'Use').length === 1), cards().join(' / '))
        mp.tap('Use', { nth: welcome })
        await mp.waitFor(() => requestsTo(mp, 'GET', `/shoppingManagement4/couponVerification/${WELCOME10.code}`).some((r) => r.status === 200), { what: 'the coupon verified' })
        const cart = requestsTo(mp, 'GET', `/shoppingManagement4/couponVerification/${WELCOME10.code}`)[0].response
        assert.equal(cart.coupon.code, WELCOME10.code)
        assert.equal(cart.discount, saving)
        await mp.waitFor(() => card(WELCOME10.code)?.includes('Applied'), { what: 'WELCOME10 applied' })
        await mp.settled()
        assert.ok(mp.text().includes(money(cart.total)), `the total ${money(cart.total)} in:\n${mp.text()}`)
        await assertDeviceClean(mp)
      })
    })

    it('in Chinese, the store lists the brands; one opens its list titled with its Chinese name and its count', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry: STORE, language: SYSTEM_CHINESE[kind] }, async (mp) => {
        await mp.waitForText(JADE.zh)
        await mp.settled()
        const [listed] = requestsTo(mp, 'GET', '/productManagement/brands')
        assert.equal(listed.status, 200)
        const jade = listed.response.brands.find((b) => b.name === JADE.name)
        assert.ok(jade.productCount > 0)
        assert.ok(mp.groupsOf('brand-list__brand').some((texts) => texts[0] === JADE.zh && texts.includes(`${jade.productCount} 件商品`)), mp.groupsOf('brand-list__brand').join(' / '))
        mp.tap(JADE.zh)
        await mp.waitForPage(PAGES.productList)
        assert.equal(decodeURIComponent(mp.currentPage().options.brand ?? ''), JADE.name)
        await mp.waitFor(() => mp.textsOf('store-page__title').includes(JADE.zh), { what: 'the brand’s Chinese title' })
        await mp.waitFor(() => mp.textsOf('store-page__count').includes(`共 ${jade.productCount} 件商品`), { what: 'the brand’s count' })
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })
  })
}
