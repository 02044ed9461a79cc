// Issue 13 in headless Chromium against the real server. On a phone in English: a shopper buys a membership through the
// membership page, the cart and the payment sandbox, then sees it on the membership page and member prices on the
// product page and in the cart. On a desktop in Chinese: shopper A's referral link brings shopper B, who registers
// through it, pays one order and cancels another; A sees B, both orders and the commission, and the cancelled
// order's commission reversed.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { callApi, open, response, signUp, uniqueEmail, visible, WAIT } from './steps.mjs'

const SM = '/shoppingManagement4'
// Seed (server/src/features/memberships/seed.ts, features/referral/seed.ts): West Lake Longjing 100g has its own member price; the default group pays 5 %.
const LONGJING = { id: '1011', price: 3299, memberPrice: 2799 }
const COMMISSION_PERCENT = 5
const money = (minor) => `$${(minor / 100).toFixed(2)}`
const CONTACT = { firstName: 'Bo', lastName: 'Chen', email: 'bo.chen@example.com', phone: '416-555-0133' }

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

/** Tomorrow in the store's time zone: a pickup date the slot rules accept. */
function tomorrow() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + 86_400_000))
}

/** The cart as the checkout leaves it for a pickup at Downtown Toronto, reserved; answers the order id. */
async function reservePickup(page, context) {
  const api = (method, path, data) => callApi(page, context, stack.baseUrl, method, path, data)
  await api('POST', `${SM}/updateOrderMethod`, { method: 'PICKUP' })
  await api('POST', `${SM}/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP`, CONTACT)
  await api('POST', `${SM}/orderPickupDateTime`, { date: tomorrow(), time: '10:30' })
  return (await api('POST', `${SM}/reserve`)).orderID
}

/** The token of the confirmation mail to `email` in the server's outbox, once it is there. */
async function confirmationToken(email) {
  const dir = path.join(stack.dataDir, 'outbox')
  const until = Date.now() + 30_000
  for (;;) {
    const mails = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('-email-verification.eml')) : []
    const mail = mails.map((f) => readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .find((text) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'm').test(text))
    if (mail) return new URL(mail.match(/https?:\/\/\S+\/account\/verify\?token=[A-Za-z0-9_-]+/)[0]).searchParams.get('token')
    if (Date.now() > until) throw new Error(`no confirmation mail to ${email} in ${dir}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Pays a reserved order on the sandbox's hosted page and waits for the success view. */
async function payInSandbox(page, context, orderID) {
  const { redirectUrl } = await callApi(page, context, stack.baseUrl, 'POST', `${SM}/requestOTTH5Payment`, { orderID })
  await page.goto(redirectUrl)
  await page.locator('#sandbox-pay').click(WAIT)
  await page.waitForURL((url) => url.pathname.startsWith('/confirmation'), WAIT)
  await visible(page, '.confirmation--success').waitFor(WAIT)
}

describe('memberships on a phone in English', () => {
  it('buys a month through the membership page and pays; the membership shows, and member prices apply', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'en' })
    try {
      await signUp(page, stack.baseUrl, { email: uniqueEmail('member'), firstName: 'Mia', lastName: 'Member' })
      await visible(page, '.my-account__membership-link').click(WAIT)
      await page.waitForURL(`${stack.baseUrl}/user/membership`, WAIT)
      await visible(page, '.members-mine__none').waitFor(WAIT)
      // Before: the product page shows what a member would pay and save.
      await open(page, stack.baseUrl, `/store/product/${LONGJING.id}`)
      const pitch = visible(page, '.product-page__member-price')
      await pitch.getByText(`Members save ${money(LONGJING.price - LONGJING.memberPrice)}`).waitFor(WAIT)

      await open(page, stack.baseUrl, '/user/membership')
      const added = response(page, 'POST', `${SM}/myCart`)
      await visible(page, '.members-plan[data-plan="MONTH"] .members-plan__buy').getByText('Buy 1 month').click(WAIT)
      assert.equal((await added).status(), 200)
      await page.waitForURL(`${stack.baseUrl}/checkout/cart`, WAIT)
      await visible(page, '.cart-line__name').getByText('Membership: 1 month').waitFor(WAIT)
      await payInSandbox(page, context, await reservePickup(page, context))

      await open(page, stack.baseUrl, '/user/membership')
      const facts = visible(page, '.members-facts')
      await facts.getByText('Maple Member').waitFor(WAIT)
      await facts.getByText('Valid until').waitFor(WAIT)
      await visible(page, '.members-plan[data-plan="MONTH"] .members-plan__buy').getByText('Renew: 1 month').waitFor(WAIT)

      // After: the member price is charged in the cart, the regular one struck through.
      await open(page, stack.baseUrl, `/store/product/${LONGJING.id}`)
      await visible(page, '.product-page__member-price .member-price__amount').getByText(money(LONGJING.memberPrice)).waitFor(WAIT)
      assert.equal(await visible(page, '.product-page__member-price .member-price__save').count(), 0, 'a member is not told what members save')
      const toCart = response(page, 'POST', `${SM}/myCart`)
      await visible(page, '.product-page__add[role="button"]:not([aria-disabled="true"])').click(WAIT)
      assert.equal((await toCart).status(), 200)
      await open(page, stack.baseUrl, '/checkout/cart')
      await visible(page, '.cart-line__unit .price__now').getByText(money(LONGJING.memberPrice)).waitFor(WAIT)
      await visible(page, '.cart-line__unit .price__was').getByText(money(LONGJING.price)).waitFor(WAIT)
      await visible(page, '.cart-totals__member').getByText(`Member savings: ${money(LONGJING.price - LONGJING.memberPrice)}`).waitFor(WAIT)
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })
})

describe('the referral programme on a desktop in Chinese', () => {
  it('A shares a link, B registers through it, pays one order and cancels another; A sees both and the reversal', { timeout: 240_000 }, async () => {
    const a = await openContext(browser, { viewport: 'desktop', language: 'zh' })
    const b = await openContext(browser, { viewport: 'desktop', language: 'zh' })
    try {
      const aFields = await signUp(a.page, stack.baseUrl, { email: uniqueEmail('referrer'), firstName: 'Ann', lastName: 'Lee' })
      assert.equal(aFields.referrerID, undefined)
      await open(a.page, stack.baseUrl, '/user/referrer')
      // The full address a shopper can copy by hand (issue 29 m-2), not a bare path.
      const address = (await visible(a.page, '.referrer-link__url').innerText(WAIT)).trim()
      assert.ok(address.startsWith(stack.baseUrl), address)
      const link = address.slice(stack.baseUrl.length)
      assert.match(link, /^\/store\?ref=[A-Z0-9]+$/)
      await visible(a.page, '.referrer-users').getByText('还没有人通过您的链接注册。').waitFor(WAIT)

      // B arrives through the link, looks around, and registers later.
      await open(b.page, stack.baseUrl, link)
      await open(b.page, stack.baseUrl, `/store/product/${LONGJING.id}`)
      const bEmail = uniqueEmail('friend')
      const bFields = await signUp(b.page, stack.baseUrl, { email: bEmail, firstName: 'Bo', lastName: 'Chen' })
      assert.equal(bFields.referrerID, link.split('=')[1], 'the registration names the referrer of the link')

      const api = (method, path, data) => callApi(b.page, b.context, stack.baseUrl, method, path, data)
      // The introduction counts once B has confirmed the e-mail (server/CONTRACT.md, Referral rules): B uses the mail's link.
      await api('POST', '/common3/verifyEmail', { token: await confirmationToken(bEmail) })
      await api('POST', `${SM}/myCart`, { productId: LONGJING.id, quantity: 2 })
      const paid = await reservePickup(b.page, b.context)
      await payInSandbox(b.page, b.context, paid)
      await api('POST', `${SM}/myCart`, { productId: LONGJING.id, quantity: 1 })
      const atStore = await reservePickup(b.page, b.context)
      await api('POST', `${SM}/billing/${atStore}`, { method: 'PAY_AT_STORE' })
      const paidCommission = Math.floor((LONGJING.price * 2 * COMMISSION_PERCENT) / 100)
      const atStoreCommission = Math.floor((LONGJING.price * COMMISSION_PERCENT) / 100)

      await open(a.page, stack.baseUrl, '/user/referrer')
      await visible(a.page, '.referrer-users .referrer-row__name').getByText('B*** C***').waitFor(WAIT)
      const orders = visible(a.page, '.referrer-orders')
      await orders.locator(`[data-order-id="${paid}"]`).getByText('待结算', { exact: true }).waitFor(WAIT)
      await orders.locator(`[data-order-id="${atStore}"]`).getByText('待结算', { exact: true }).waitFor(WAIT)
      await visible(a.page, '.referrer-stats').getByText(money(paidCommission + atStoreCommission)).waitFor(WAIT)
      // the order chart's table (store time zone) counts both of today's orders
      const ordersTable = a.page.getByRole('table', { name: '推荐订单' })
      await ordersTable.getByRole('row').last().getByText('2', { exact: true }).waitFor(WAIT)

      // B cancels the order to pay at the store.
      await open(b.page, stack.baseUrl, `/user/orders/${atStore}`)
      await visible(b.page, '.order-detail__cancel').click(WAIT)
      const modal = b.page.locator('.taro-modal__content:visible')
      await modal.getByText(`订单 ${atStore} 将被取消。`).waitFor(WAIT)
      const cancelled = response(b.page, 'PUT', `/admin/orderManagement/cancelOrder/${atStore}`)
      await modal.locator('.taro-model__confirm').click(WAIT)
      assert.equal((await cancelled).status(), 200)

      await open(a.page, stack.baseUrl, '/user/referrer')
      await visible(a.page, `.referrer-orders [data-order-id="${atStore}"]`).getByText('已扣回', { exact: true }).waitFor(WAIT)
      await visible(a.page, `.referrer-orders [data-order-id="${paid}"]`).getByText('待结算', { exact: true }).waitFor(WAIT)
      const reversed = visible(a.page, '.referrer-stats .members-fact').filter({ hasText: '已扣回佣金' })
      await reversed.getByText(money(atStoreCommission)).waitFor(WAIT)
      const pending = visible(a.page, '.referrer-stats .members-fact').filter({ hasText: '待结算佣金' })
      await pending.getByText(money(paidCommission)).waitFor(WAIT)
      assert.deepEqual([...a.errors, ...b.errors].map(String), [])
    } finally {
      await a.context.close()
      await b.context.close()
    }
  })
})
