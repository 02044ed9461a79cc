// Issue 15 item 5 in headless Chromium against the real server: on a phone in English, a coupon applied from the
// checkout's coupon picker (GET /common3/coupons/ → couponVerification) changes the total to the server's number, and
// a coupon the cart does not meet yet says what is missing; on a desktop in Chinese, the store's brand list
// (GET /productManagement/brands) opens a brand's list with the brand's Chinese name and count, and a category list
// shows its heading (GET /productManagement2/category/{name}).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { API, response, visible, WAIT } from './steps.mjs'

const SM = `${API}/shoppingManagement4`

// Seed (server/src/seed/catalogue.ts, store.ts, calls.ts).
const COLOMBIA = { id: '1003', price: 1899 }
const WELCOME10 = { code: 'WELCOME10', percent: 10 }
const SAVE5 = { code: 'SAVE5', minSubtotal: 3000 }
const JADE = { name: 'Jade Leaf', zh: '翠叶' }
const TEA_BLURB_ZH = '每年春天从合作茶园采购的绿茶、乌龙和普洱。'

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

const money = (minor) => `$${(minor / 100).toFixed(2)}`

async function open(page, path) {
  await page.goto(stack.baseUrl + path)
  await visible(page, '.shell').first().waitFor(WAIT)
}

/** Fills the cart through the API with the page's own cookies and XSRF token. */
async function addToCart(page, context, product) {
  assert.equal((await page.request.get(`${stack.baseUrl}${SM}/myCart`)).status(), 200)
  const xsrf = (await context.cookies(stack.baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value
  assert.ok(xsrf, 'the server set an XSRF-TOKEN cookie')
  const res = await page.request.post(`${stack.baseUrl}${SM}/myCart`, { data: { productId: product.id, quantity: 1 }, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } })
  assert.equal(res.status(), 200, await res.text())
}

describe('coupon picker (en, phone)', () => {
  it('applies a coupon from the picker: the code field takes it and the total is the server’s', async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'en' })
    await addToCart(page, context, COLOMBIA)
    const listed = response(page, 'GET', '/common3/coupons/')
    await open(page, '/checkout')
    assert.equal((await listed).status(), 200)
    const welcome = visible(page, `.coupon-picker [data-coupon="${WELCOME10.code}"]`)
    await welcome.getByText(`Saves ${money(Math.floor((COLOMBIA.price * WELCOME10.percent) / 100))} on this order`).waitFor(WAIT)
    await visible(page, `.coupon-picker [data-coupon="${SAVE5.code}"]`).getByText(`Add ${money(SAVE5.minSubtotal - COLOMBIA.price)} more to use it`).waitFor(WAIT)

    const applied = response(page, 'GET', `/shoppingManagement4/couponVerification/${WELCOME10.code}`)
    await welcome.locator('.coupon-card__use').click(WAIT)
    const cart = await (await applied).json()
    assert.equal(cart.coupon.code, WELCOME10.code)
    // the picker said what the server takes off (a percentage rounded down)
    assert.equal(cart.discount, Math.floor((COLOMBIA.price * WELCOME10.percent) / 100))
    await welcome.getByText('Applied').waitFor(WAIT)
    // Applied: the field is empty again and the applied line stands under it, above the list (issue 42 p-7).
    assert.equal(await visible(page, '.checkout input[name="couponCode"]').inputValue(), '')
    const note = visible(page, '.checkout__note').filter({ hasText: WELCOME10.code })
    await note.waitFor(WAIT)
    assert.ok((await note.boundingBox()).y < (await visible(page, '.coupon-picker').boundingBox()).y, 'the applied line above the coupon list')
    await page.waitForFunction((total) => [...document.querySelectorAll('.cart-totals__total')].some((el) => el.textContent.includes(total)), money(cart.total), WAIT)
    // the server kept it on the cart
    const billing = await (await page.request.get(`${stack.baseUrl}${SM}/billing/`)).json()
    assert.equal(billing.coupon.code, WELCOME10.code)
    assert.deepEqual(errors, [])
    await context.close()
  })
})

describe('brand list and list headings (zh, desktop)', () => {
  it('the store lists the brands; one opens its list titled in Chinese with its count; a category list has its heading', async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'desktop', language: 'zh' })
    const brandsAnswer = response(page, 'GET', '/productManagement/brands')
    await open(page, '/store')
    const { brands } = await (await brandsAnswer).json()
    const jade = brands.find((b) => b.name === JADE.name)
    assert.ok(jade.productCount > 0)
    const link = visible(page, `.brand-list__brand[data-brand="${JADE.name}"]`)
    await link.getByText(JADE.zh).waitFor(WAIT)
    await link.click(WAIT)
    await page.waitForURL((url) => url.pathname === `/store/brand/${encodeURIComponent(JADE.name)}`, WAIT)
    await visible(page, '.store-page__title').getByText(JADE.zh, { exact: true }).waitFor(WAIT)
    await visible(page, '.store-page__count').getByText(`共 ${jade.productCount} 件商品`).waitFor(WAIT)

    await open(page, '/store/productlist?cat=Tea')
    await visible(page, '.list-banner__blurb').getByText(TEA_BLURB_ZH).waitFor(WAIT)
    await visible(page, '.store-page__title').getByText('茶', { exact: true }).waitFor(WAIT)
    assert.deepEqual(errors, [])
    await context.close()
  })
})
