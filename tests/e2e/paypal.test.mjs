// Issue 15: PayPal and store-credit top-ups in headless Chromium against the real server and its payment sandbox. A new
// shopper signs up, places a pickup order paid with PayPal on the sandbox's PayPal page and lands on the success view
// (from_source=paypal_h5X<id>), then tops up store credit from My account with PayPal and comes back to My account
// with the new balance and a "Top-up" line in the history. In English on a phone, in Chinese on a desktop window.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { API, WAIT, callApi, fillIn, open, response, signUp, uniqueEmail, visible } from './steps.mjs'

// Seed catalogue (server/src/seed/catalogue.ts): a product without options, in stock, price in cents (CAD).
const COLOMBIA = { id: '1003', price: 1899 }
const TAX_PERCENT = 13
const TOP_UP = 5000

const TEXT = {
  en: {
    success: 'Thank you for your order!',
    sandboxHeading: 'PayPal sandbox checkout',
    sandboxMethod: 'PayPal',
    topUp: 'Top up',
    paid: (amount, balance) => `${amount} added. Your store credit is now ${balance}.`,
    reason: 'Top-up'
  },
  zh: {
    success: '感谢您的订购！',
    sandboxHeading: 'PayPal 贝宝沙盒付款',
    sandboxMethod: 'PayPal 贝宝',
    topUp: '充值',
    paid: (amount, balance) => `已充值 ${amount}，当前商店余额为 ${balance}。`,
    reason: '充值'
  }
}

const money = (minor) => `$${(minor / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

const option = (page, name, value) => visible(page, `.checkout-choices__option[data-name="${name}"][data-value="${value}"]`)

async function choose(page, name, value) {
  await option(page, name, value).click(WAIT)
  await visible(page, `.checkout-choices__option[data-name="${name}"][data-value="${value}"][aria-checked="true"]`).waitFor(WAIT)
}

/** The second day's first slot: the first day's earliest times can fall inside the lead time while the test runs. */
async function chooseSlot(page) {
  const day = visible(page, '.checkout-choices__option[data-name="pickupDate"]').nth(1)
  await choose(page, 'pickupDate', await day.getAttribute('data-value', WAIT))
  const time = visible(page, '.checkout-choices__option[data-name="pickupTime"]').nth(0)
  await choose(page, 'pickupTime', await time.getAttribute('data-value', WAIT))
}

/** Presses a button on the sandbox's page and waits to be back in the store at `path`. */
async function sandbox(page, button, path) {
  await page.locator(button).click(WAIT)
  await page.waitForURL((url) => url.pathname === path, WAIT)
}

async function payOrderWithPayPal(page, context, lang) {
  await callApi(page, context, stack.baseUrl, 'POST', '/shoppingManagement4/myCart', { productId: COLOMBIA.id, quantity: 1 })
  await open(page, stack.baseUrl, '/checkout')
  await visible(page, '.checkout #checkout-place-order').waitFor(WAIT)
  const method = response(page, 'POST', '/shoppingManagement4/updateOrderMethod')
  await option(page, 'method', 'PICKUP').click(WAIT)
  assert.equal((await method).status(), 200)
  await choose(page, 'store', 'TOR-DT')
  await chooseSlot(page)
  await fillIn(page, '.checkout', 'phone', '416-555-0123')
  await choose(page, 'payment', 'ONLINE')
  // PayPal among the methods, with its mark (the demo store accepts it, and its channel is on).
  await visible(page, '.checkout-choices__option[data-name="paymentMethod"][data-value="PAYPAL"] .checkout-choices__logo--paypal').waitFor(WAIT)
  await choose(page, 'paymentMethod', 'PAYPAL')

  const started = response(page, 'GET', '/shoppingManagement4/paymentoption/PayPal')
  await visible(page, '#checkout-place-order').click(WAIT)
  assert.equal((await started).status(), 200)
  await page.waitForURL((url) => url.pathname.startsWith(`${API}/sandbox/pay/`), WAIT)
  // PayPal's sandbox page speaks the shopper's language and names the method.
  assert.equal((await page.locator('#sandbox-heading').innerText(WAIT)).trim(), TEXT[lang].sandboxHeading)
  assert.equal((await page.locator('#sandbox-method').innerText(WAIT)).trim(), TEXT[lang].sandboxMethod)
  const total = COLOMBIA.price + Math.round((COLOMBIA.price * TAX_PERCENT) / 100)
  assert.equal((await page.locator('#sandbox-amount').innerText(WAIT)).trim(), `${money(total)} CAD`)
  const orderID = (await page.locator('#sandbox-order').innerText(WAIT)).trim()

  await sandbox(page, '#sandbox-pay', '/confirmation')
  assert.equal(new URL(page.url()).searchParams.get('from_source'), `paypal_h5X${orderID}`)
  await visible(page, '.confirmation--success .confirmation__heading').getByText(TEXT[lang].success, { exact: true }).waitFor(WAIT)
  const order = await callApi(page, context, stack.baseUrl, 'GET', `/admin/orderManagement/order/${orderID}`)
  assert.equal(order.paymentStatus, 'PAID_ONLINE')
}

async function topUpWithPayPal(page, context, lang) {
  const before = (await callApi(page, context, stack.baseUrl, 'GET', '/admin/storeCreditManagement/storeCredit')).balance
  await open(page, stack.baseUrl, '/user/list')
  await visible(page, '.store-credit .top-up__open').getByText(TEXT[lang].topUp, { exact: true }).click(WAIT)
  await choose(page, 'topUpAmount', String(TOP_UP))
  await choose(page, 'topUpMethod', 'PAYPAL')
  const applied = response(page, 'POST', '/shoppingManagement4/applyStoreCreditDeposit')
  await visible(page, '.top-up__pay').click(WAIT)
  const sent = (await applied).request().postDataJSON()
  assert.deepEqual({ amount: sent.amount, channel: sent.channel }, { amount: TOP_UP, channel: 'PAYPAL' })
  await page.waitForURL((url) => url.pathname.startsWith(`${API}/sandbox/pay/`), WAIT)
  assert.equal((await page.locator('#sandbox-amount').innerText(WAIT)).trim(), `${money(TOP_UP)} CAD`)
  await page.locator('#sandbox-deposit').waitFor(WAIT)

  await sandbox(page, '#sandbox-pay', '/user/list')
  assert.ok(new URL(page.url()).searchParams.get('deposit'))
  const message = TEXT[lang].paid(money(TOP_UP), money(before + TOP_UP))
  await visible(page, '.top-up__result--paid').getByText(message, { exact: true }).waitFor(WAIT)
  await visible(page, '.store-credit__what').first().getByText(TEXT[lang].reason, { exact: true }).waitFor(WAIT)
  assert.equal((await callApi(page, context, stack.baseUrl, 'GET', '/admin/storeCreditManagement/storeCredit')).balance, before + TOP_UP)
}

describe('PayPal and store-credit top-ups in the sandbox', () => {
  for (const [lang, viewport] of [['en', 'phone'], ['zh', 'desktop']]) {
    it(`${lang} on a ${viewport}: an order paid with PayPal, then store credit topped up with PayPal`, { timeout: 150_000 }, async () => {
      const { context, page, errors } = await openContext(browser, { viewport, language: lang })
      try {
        await signUp(page, stack.baseUrl, { email: uniqueEmail(`paypal-${lang}`), firstName: 'Pat', lastName: 'Pal' })
        await payOrderWithPayPal(page, context, lang)
        await topUpWithPayPal(page, context, lang)
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }
})
