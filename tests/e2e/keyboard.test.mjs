// Issue 42 item 1 (B-1): a shopper with a keyboard alone buys, from the home page to the order confirmation, in English
// and in Chinese, on a laptop window: Tab and Shift+Tab move, Enter follows links and presses buttons, Space chooses
// radios, keys type the contact details; the test never clicks. On every page the journey visits (home, product,
// cart, checkout, the payment sandbox, the confirmation) every shown element with a button or link role, and every
// native control, is a tab stop unless it is disabled (assertAllFocusable).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { assertAllFocusable, unreachableControls } from './focusable.mjs'
import { API, response, visible, WAIT } from './steps.mjs'

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

// Seed catalogue (server/src/seed/demo-catalogue.json): Colombia Supremo has no options and is in stock.
const COLOMBIA = '1003'
const GUEST = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.keyboard@example.com', phone: '416-555-0142' }
const TEXT = {
  en: { success: 'Thank you for your order!', orderNumber: /^Order number: (\d+)$/ },
  zh: { success: '感谢您的订购！', orderNumber: /^订单号：(\d+)$/ }
}

/** What has the focus: its tag, id, classes, role, name and text (for messages). */
const focused = (page) =>
  page.evaluate(() => {
    const el = document.activeElement
    return el ? `<${el.tagName.toLowerCase()} id="${el.id}" class="${el.getAttribute('class') ?? ''}" role="${el.getAttribute('role') ?? ''}" name="${el.getAttribute('name') ?? ''}"> ${(el.textContent ?? '').trim().slice(0, 30)}` : 'nothing'
  })

/** Presses Tab (Shift+Tab with `back`) until the focused element matches `selector`; fails after `max` presses. */
async function tabTo(page, selector, { back = false, max = 200 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    const there = await page.evaluate((sel) => {
      const el = document.activeElement
      return !!el && el.matches(sel) && el.getClientRects().length > 0
    }, selector)
    if (there) return i + 1
  }
  assert.fail(`${selector} not reached with ${max} ${back ? 'Shift+Tab' : 'Tab'} presses; the focus is on ${await focused(page)}`)
}

const option = (name, value) => `.checkout-choices__option[data-name="${name}"][data-value="${value}"]`

/** Reaches a checkout choice with Tab and chooses it with Space; waits until it shows as chosen. */
async function chooseWithSpace(page, name, value) {
  await tabTo(page, option(name, value))
  await page.keyboard.press('Space')
  await visible(page, `${option(name, value)}[aria-checked="true"]`).waitFor(WAIT)
}

/** Reaches a text field with Tab and types into it. */
async function typeInto(page, name, value) {
  await tabTo(page, `.checkout input[name="${name}"]`)
  await page.keyboard.type(value)
  assert.equal(await visible(page, `.checkout input[name="${name}"]`).inputValue(), value)
}

describe('a keyboard-only purchase, home to confirmation (issue 42 item 1, B-1)', () => {
  for (const language of ['en', 'zh']) {
    it(`${language}: Tab, Shift+Tab, Enter and Space buy a product; every page's controls are tab stops`, { timeout: 180_000 }, async () => {
      const { context, page, errors } = await openContext(browser, { viewport: 'desktop', language })
      try {
        // Home: the product is reached with Tab and opened with Enter.
        await page.goto(`${stack.baseUrl}/`)
        const card = `a[href="/store/product/${COLOMBIA}"]`
        await visible(page, card).first().waitFor(WAIT)
        await page.waitForLoadState('networkidle', WAIT)
        await assertAllFocusable(page, 'home')
        await tabTo(page, card, { max: 300 })
        await page.keyboard.press('Enter')
        await page.waitForURL((url) => url.pathname === `/store/product/${COLOMBIA}`, WAIT)

        // Product: Add to cart once its stock is known; Shift+Tab steps back and Tab returns; Enter adds.
        const add = '.product-page__add[role="button"]:not([aria-disabled="true"])'
        await visible(page, add).waitFor(WAIT)
        await visible(page, '.product-page__stock--ok').waitFor(WAIT)
        await page.waitForLoadState('networkidle', WAIT)
        await assertAllFocusable(page, 'the product page')
        // The check sees a button taken out of the tab order, as Add to cart was before B-1's fix.
        await page.locator(add).evaluate((el) => el.setAttribute('tabindex', '-1'))
        assert.equal((await unreachableControls(page)).unreachable.length, 1)
        await page.locator(add).evaluate((el) => el.setAttribute('tabindex', '0'))
        await tabTo(page, add)
        await tabTo(page, '.quantity-stepper__increase', { back: true, max: 1 })
        await tabTo(page, add, { max: 1 })
        const added = response(page, 'POST', '/shoppingManagement4/myCart')
        await page.keyboard.press('Enter')
        assert.equal((await added).status(), 200)
        await visible(page, '.product-page__added[role="status"]').waitFor(WAIT)
        // The note's View cart is the next stop after Add to cart.
        await tabTo(page, '.product-page__added .product-page__view-cart', { max: 1 })
        await page.keyboard.press('Enter')
        await page.waitForURL((url) => url.pathname === '/checkout/cart', WAIT)

        // Cart: Checkout.
        const checkout = '.cart-page__checkout[role="button"]:not([aria-disabled="true"])'
        await visible(page, checkout).waitFor(WAIT)
        await page.waitForLoadState('networkidle', WAIT)
        await assertAllFocusable(page, 'the cart')
        await tabTo(page, checkout)
        await page.keyboard.press('Enter')
        await page.waitForURL((url) => url.pathname === '/checkout', WAIT)

        // Checkout: pickup at Downtown Toronto on the second day offered, the guest's details, WeChat Pay.
        await visible(page, '.checkout #checkout-place-order').waitFor(WAIT)
        await page.waitForLoadState('networkidle', WAIT)
        await assertAllFocusable(page, 'the checkout')
        const method = response(page, 'POST', '/shoppingManagement4/updateOrderMethod')
        await chooseWithSpace(page, 'method', 'PICKUP')
        assert.equal((await method).status(), 200)
        if (!(await visible(page, `${option('store', 'TOR-DT')}[aria-checked="true"]`).count())) await chooseWithSpace(page, 'store', 'TOR-DT')
        // The first day's earliest times may fall inside the lead time while the test runs; the second day's cannot.
        const date = await visible(page, '.checkout-choices__option[data-name="pickupDate"]').nth(1).getAttribute('data-value', WAIT)
        await chooseWithSpace(page, 'pickupDate', date)
        const time = await visible(page, '.checkout-choices__option[data-name="pickupTime"]').first().getAttribute('data-value', WAIT)
        await chooseWithSpace(page, 'pickupTime', time)
        for (const [name, value] of Object.entries(GUEST)) await typeInto(page, name, value)
        if (!(await visible(page, `${option('payment', 'ONLINE')}[aria-checked="true"]`).count())) await chooseWithSpace(page, 'payment', 'ONLINE')
        await chooseWithSpace(page, 'paymentMethod', 'WECHAT_PAY')
        await assertAllFocusable(page, 'the filled checkout')
        await tabTo(page, '#checkout-place-order')
        await page.keyboard.press('Enter')

        // The payment sandbox (the provider's page): Pay.
        await page.waitForURL((url) => url.pathname.startsWith(`${API}/sandbox/pay/`), WAIT)
        await page.locator('#sandbox-pay').waitFor(WAIT)
        await assertAllFocusable(page, 'the payment sandbox', 3)
        await tabTo(page, '#sandbox-pay')
        await page.keyboard.press('Enter')

        // The confirmation: the success view with the order number.
        await page.waitForURL((url) => url.pathname.startsWith('/confirmation'), WAIT)
        const success = visible(page, '.confirmation--success')
        await success.locator('.confirmation__heading').getByText(TEXT[language].success, { exact: true }).waitFor(WAIT)
        assert.match((await success.locator('.confirmation__order-id').innerText()).trim(), TEXT[language].orderNumber)
        await visible(page, '.confirmation__actions [role="button"]').first().waitFor(WAIT)
        await assertAllFocusable(page, 'the confirmation')
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }
})
