// Issue 5: checkout and payment in headless Chromium against the real server and its payment sandbox. On a phone in
// English: a pickup order (cart filled through the product page) paid to the success view with the cart emptied; a
// delivery order and an eat-in order (with a table number) paid with other methods, each carried by the sandbox
// processor the store's configuration gives it (WeChat Pay: OTT, Alipay and UnionPay: SnapPay); a failed payment
// that shows 'Payment Failed' with Back to Cart and keeps the cart, and is then paid; a payment abandoned at the
// provider that the confirmation page keeps polling as Pending until it is paid, then shows success without a
// reload; and a coupon, a tip and store credit (the demo account) each changing the total to the server's number.
// In Chinese on a desktop window: a pickup order paid in the Chinese sandbox page to the Chinese success view; on a
// phone, a delivery order to a city chosen by its Chinese name (issue 29), which the confirmation names.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openContext, VIEWPORTS, withStackAndBrowser } from './harness.mjs'
import { API, response, visible, WAIT } from './steps.mjs'

const SM = `${API}/shoppingManagement4`

// Seed catalogue (server/src/seed/catalogue.ts): products without options, in stock, prices in cents (CAD).
const COLOMBIA = { id: '1003', name: 'Colombia Supremo 340g', price: 1899 }
const DECAF = { id: '1005', name: 'Decaf Swiss Water 340g', price: 1799 }
const CROISSANT = { id: '1021', name: 'Butter Croissant 4-pack', price: 899 }
// With an option: the summary names it with the option value's label, never the raw pair.
const HOUSE_BLEND = { id: '1001', optionPair: 'grind:Whole bean', line: { en: 'House Blend Coffee Beans 340g (Whole bean) × 1', zh: '招牌混合咖啡豆 340克 (咖啡豆) × 1' } }

// Seed store (server/src/seed/store.ts, seed/index.ts): rules the totals follow.
const TAX_PERCENT = 13
const DELIVERY_FEE = 599
const DELIVERY_FREE_OVER = 5000
const COUPON = { code: 'WELCOME10', percent: 10 }
const DEMO = { email: 'demo@istore.test', password: 'demopass123', storeCredit: 3000 - 500 + 1500 }

const GUEST = { firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.com', phone: '416-555-0177' }
const ADDRESS = { firstName: 'Grace', lastName: 'Hopper', phone: '416-555-0177', street: '1 Front St W', unit: '804', city: 'Toronto', province: 'ON', postCode: 'M5J 2X5' }

const EN = {
  success: 'Thank you for your order!',
  failure: 'Payment Failed',
  backToCart: 'Back to Cart',
  pending: 'Submit Payment...',
  orderNumber: /^Order number: (\d+)$/
}
const ZH = { success: '感谢您的订购！', orderNumber: /^订单号：(\d+)$/, placeOrder: '提交订单' }

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

/** Through the product page, as a shopper does. */
async function addThroughProductPage(page, product) {
  await open(page, `/store/product/${product.id}`)
  await visible(page, `.product-page[data-product-id="${product.id}"]`).waitFor(WAIT)
  const added = response(page, 'POST', '/shoppingManagement4/myCart')
  // The button is aria-disabled until the product's stock is known; a tap before that adds nothing.
  await visible(page, '.product-page__add[role="button"]:not([aria-disabled="true"])').click(WAIT)
  assert.equal((await added).status(), 200)
  await visible(page, '.product-page__added').waitFor(WAIT)
}

/** Through the API with the page's own cookies and XSRF token (quicker; the checkout reads the cart from the server). */
async function addThroughApi(page, context, products) {
  // Any answer sets the XSRF-TOKEN cookie when the request had none (server/CONTRACT.md §1).
  assert.equal((await page.request.get(`${stack.baseUrl}${SM}/myCart`)).status(), 200)
  const xsrf = (await context.cookies(stack.baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value
  assert.ok(xsrf, 'the server set an XSRF-TOKEN cookie')
  for (const product of products) {
    const res = await page.request.post(`${stack.baseUrl}${SM}/myCart`, {
      data: { productId: product.id, quantity: 1, ...(product.optionPair ? { optionPair: product.optionPair } : {}) },
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) }
    })
    assert.equal(res.status(), 200, await res.text())
  }
}

/** The cart page's line names, once it has loaded (or the empty state). */
async function cartLineNames(page) {
  await open(page, '/checkout/cart')
  await visible(page, '.cart-page__lines, .cart-page .empty-state').first().waitFor(WAIT)
  return (await visible(page, '.cart-line__name').allInnerTexts()).map((s) => s.trim()).sort()
}

/** A Taro Input renders <taro-input-core name=…><input name=…></taro-input-core>; the real input is the one to fill. */
async function fill(page, name, value) {
  const input = visible(page, `.checkout input[name="${name}"]`)
  await input.fill(value, WAIT)
  assert.equal(await input.inputValue(), value)
}

const option = (page, name, value) => visible(page, `.checkout-choices__option[data-name="${name}"][data-value="${value}"]`)

/** Waits until the option shows as chosen (the form state has been applied). */
function checked(page, name, value) {
  return visible(page, `.checkout-choices__option[data-name="${name}"][data-value="${value}"][aria-checked="true"]`).waitFor(WAIT)
}

async function choose(page, name, value) {
  await option(page, name, value).click(WAIT)
  await checked(page, name, value)
}

/** Picks the n-th option of a row (0-based) and waits until it shows as chosen. */
async function chooseNth(page, name, n) {
  const nth = visible(page, `.checkout-choices__option[data-name="${name}"]`).nth(n)
  const value = await nth.getAttribute('data-value', WAIT)
  await nth.click(WAIT)
  await checked(page, name, value)
  return value
}

/**
 * A slot on the second day offered: the first day's earliest times can fall inside the lead time while a test runs;
 * a later day's cannot.
 */
async function chooseSlot(page, kind) {
  await chooseNth(page, `${kind}Date`, 1)
  await chooseNth(page, `${kind}Time`, 0)
}

async function openCheckout(page) {
  await open(page, '/checkout')
  await visible(page, '.checkout #checkout-place-order').waitFor(WAIT)
}

/** The method goes to the server (updateOrderMethod answers the cart with its totals). */
async function chooseMethod(page, method) {
  const answered = response(page, 'POST', '/shoppingManagement4/updateOrderMethod')
  await option(page, 'method', method).click(WAIT)
  assert.equal((await answered).status(), 200)
  await checked(page, 'method', method)
}

/** The delivery address's fields above the city: name, phone, street, unit and the province. */
async function fillAddressBeforeCity(page) {
  await fill(page, 'address.firstName', ADDRESS.firstName)
  await fill(page, 'address.lastName', ADDRESS.lastName)
  await fill(page, 'address.phone', ADDRESS.phone)
  await fill(page, 'address.streetNumberAndNameDetails', ADDRESS.street)
  await fill(page, 'address.unit', ADDRESS.unit)
  await choose(page, 'province', ADDRESS.province)
}

async function fillGuestContact(page, contact = GUEST) {
  await fill(page, 'firstName', contact.firstName)
  await fill(page, 'lastName', contact.lastName)
  await fill(page, 'email', contact.email)
  await fill(page, 'phone', contact.phone)
}

/** The order summary's total as shown. */
const shownTotal = async (page) => (await visible(page, '.checkout .cart-totals__total').innerText()).trim()

/** Waits until the summary shows `minor` as the total. */
function totalShows(page, minor) {
  return visible(page, '.checkout .cart-totals__total').getByText(money(minor), { exact: true }).waitFor(WAIT)
}

/** Places the order and waits for the sandbox's hosted page; returns its attempt URL and the amount it charges. */
async function placeOrderToSandbox(page) {
  await visible(page, '#checkout-place-order').click(WAIT)
  await page.waitForURL((url) => url.pathname.startsWith(`${API}/sandbox/pay/`), WAIT)
  const amount = (await page.locator('#sandbox-amount').innerText(WAIT)).trim()
  const orderID = (await page.locator('#sandbox-order').innerText(WAIT)).trim()
  return { attemptUrl: page.url(), amount, orderID }
}

/** Clicks a sandbox button and waits to be back on a confirmation page. */
async function sandbox(page, button) {
  await page.locator(button).click(WAIT)
  await page.waitForURL((url) => url.pathname.startsWith('/confirmation'), WAIT)
}

/** The success view: its heading and order number (in `language`); returns the order number. */
async function successView(page, { heading = EN.success, orderNumber = EN.orderNumber } = {}) {
  const success = visible(page, '.confirmation--success')
  await success.locator('.confirmation__heading').getByText(heading, { exact: true }).waitFor(WAIT)
  const text = (await success.locator('.confirmation__order-id').innerText()).trim()
  const id = orderNumber.exec(text)?.[1]
  assert.ok(id, `no order number in "${text}"`)
  return id
}

async function assertCartEmpty(page) {
  assert.deepEqual(await cartLineNames(page), [])
  await visible(page, '.cart-page .empty-state').waitFor(WAIT)
}

/** Pickup at Downtown Toronto, slot on the second day, a guest's contact, the given payment method. */
async function fillPickup(page, paymentMethod) {
  await chooseMethod(page, 'PICKUP')
  await choose(page, 'store', 'TOR-DT')
  await chooseSlot(page, 'pickup')
  await fillGuestContact(page)
  await choose(page, 'payment', 'ONLINE')
  await choose(page, 'paymentMethod', paymentMethod)
}

const taxOf = (minor) => Math.round((minor * TAX_PERCENT) / 100)

describe('checkout and payment on a phone in English', () => {
  it('pickup order, cart filled through the product page, paid in the sandbox: success view, cart emptied', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'en' })
    try {
      await addThroughProductPage(page, COLOMBIA)
      await addThroughProductPage(page, CROISSANT)
      assert.deepEqual(await cartLineNames(page), [COLOMBIA.name, CROISSANT.name].sort())

      await openCheckout(page)
      await fillPickup(page, 'WECHAT_PAY')
      const subtotal = COLOMBIA.price + CROISSANT.price
      const total = subtotal + taxOf(subtotal)
      await totalShows(page, total)

      const { amount, orderID } = await placeOrderToSandbox(page)
      assert.equal(amount, `${money(total)} CAD`, 'the provider charges the total the summary showed')
      // WeChat Pay is carried by OTT here: the page names the method, not the processor.
      assert.equal((await page.locator('#sandbox-method').innerText(WAIT)).trim(), 'WeChat Pay')
      await sandbox(page, '#sandbox-pay')
      assert.equal(new URL(page.url()).searchParams.get('from_source'), `ott_h5X${orderID}`)
      assert.equal(await successView(page), orderID)
      // The server queued the receipt when the order was paid, to the e-mail the guest typed.
      await visible(page, '.confirmation--success .confirmation__receipt').getByText(`Receipt sent to ${GUEST.email}`, { exact: true }).waitFor(WAIT)
      // A guest goes on shopping; an account is offered below it.
      await visible(page, '.confirmation--success .confirmation__button--primary').getByText('Continue Shopping', { exact: true }).waitFor(WAIT)
      assert.deepEqual(await visible(page, '.confirmation--success .confirmation__button').allInnerTexts().then((texts) => texts.map((t) => t.trim())), ['Continue Shopping', 'Register'])

      await assertCartEmpty(page)
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })

  it('delivery order with an address, paid with Alipay (carried by SnapPay): success view, shipping charged', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'en' })
    try {
      await addThroughApi(page, context, [COLOMBIA])
      await openCheckout(page)
      await chooseMethod(page, 'DELIVERY')
      await fillAddressBeforeCity(page)
      await choose(page, 'city', ADDRESS.city)
      assert.equal(await visible(page, '.checkout input[name="address.city"]').inputValue(), ADDRESS.city)
      await fill(page, 'address.postCode', ADDRESS.postCode)
      await chooseSlot(page, 'delivery')
      // Name and phone came with the address: the contact asks only the e-mail.
      assert.equal(await visible(page, '.checkout input[name="phone"]').count(), 0)
      await fill(page, 'email', GUEST.email)
      await choose(page, 'paymentMethod', 'ALIPAY')

      // Under the free-delivery threshold: the fee is charged and taxed.
      assert.ok(COLOMBIA.price < DELIVERY_FREE_OVER)
      const total = COLOMBIA.price + DELIVERY_FEE + taxOf(COLOMBIA.price + DELIVERY_FEE)
      await totalShows(page, total)

      const deliverInfo = response(page, 'POST', '/shoppingManagement4/orderDeliverInfo')
      const placing = placeOrderToSandbox(page)
      const sent = (await deliverInfo).request().postDataJSON()
      assert.deepEqual(
        { street: sent.streetNumberAndNameDetails, unit: sent.unit, city: sent.city, province: sent.province, postCode: sent.postCode },
        { street: ADDRESS.street, unit: ADDRESS.unit, city: ADDRESS.city, province: ADDRESS.province, postCode: ADDRESS.postCode }
      )
      const { amount, orderID } = await placing
      assert.equal(amount, `${money(total)} CAD`)
      await sandbox(page, '#sandbox-pay')
      assert.equal(new URL(page.url()).searchParams.get('from_source'), `snappay_h5X${orderID}`)
      assert.equal(await successView(page), orderID)

      await assertCartEmpty(page)
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })

  it('eat-in order with a table number, paid with a UnionPay card (carried by SnapPay): success view', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'en' })
    try {
      await addThroughApi(page, context, [CROISSANT, DECAF])
      await openCheckout(page)
      await chooseMethod(page, 'EAT_IN')
      await choose(page, 'store', 'MSS-SQ1')
      await fill(page, 'tableNumber', 'A12')
      await fillGuestContact(page)
      await choose(page, 'payment', 'ONLINE')
      await choose(page, 'paymentMethod', 'UNIONPAY')
      const subtotal = CROISSANT.price + DECAF.price
      await totalShows(page, subtotal + taxOf(subtotal))

      const contactInfo = response(page, 'POST', '/shoppingManagement4/orderContactInfo')
      const placing = placeOrderToSandbox(page)
      const query = new URL((await contactInfo).url()).searchParams
      assert.deepEqual({ methodName: query.get('methodName'), tableNumber: query.get('tableNumber'), localStoreName: query.get('localStoreName') }, { methodName: 'EAT_IN', tableNumber: 'A12', localStoreName: 'MSS-SQ1' })
      const { orderID } = await placing
      await sandbox(page, '#sandbox-pay')
      assert.equal(new URL(page.url()).searchParams.get('from_source'), `snappay_h5X${orderID}`)
      assert.equal(await successView(page), orderID)

      await assertCartEmpty(page)
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })

  it('failed payment: Payment Failed with Back to Cart, the cart still full, and the same order paid on a second try', { timeout: 150_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'en' })
    try {
      await addThroughApi(page, context, [COLOMBIA, DECAF])
      await openCheckout(page)
      await fillPickup(page, 'WECHAT_PAY')
      const first = await placeOrderToSandbox(page)
      await sandbox(page, '#sandbox-fail')
      assert.equal(new URL(page.url()).searchParams.get('from_source'), `ott_h5X${first.orderID}`)
      const failure = visible(page, '.confirmation--failure')
      await failure.locator('.confirmation__heading').getByText(EN.failure, { exact: true }).waitFor(WAIT)
      const back = failure.locator('.confirmation__button--primary')
      assert.equal((await back.innerText()).trim(), EN.backToCart)
      assert.equal(await visible(page, '.confirmation--success').count(), 0)

      // Back to Cart: the checkout, with the cart's lines and what was typed.
      await back.click(WAIT)
      await page.waitForURL(`${stack.baseUrl}/checkout`, WAIT)
      await visible(page, '.checkout #checkout-place-order').waitFor(WAIT)
      const summary = (await visible(page, '.checkout [data-section="summary"] .checkout__line').allInnerTexts()).join('\n')
      assert.match(summary, new RegExp(COLOMBIA.name))
      assert.match(summary, new RegExp(DECAF.name))
      assert.equal(await visible(page, '.checkout input[name="email"]').inputValue(), GUEST.email)
      await checked(page, 'paymentMethod', 'WECHAT_PAY')

      // The cart page too still has both lines.
      assert.deepEqual(await cartLineNames(page), [COLOMBIA.name, DECAF.name].sort())

      // Paying again reuses the order and succeeds; only then is the cart emptied.
      await openCheckout(page)
      await checked(page, 'method', 'PICKUP')
      await choose(page, 'paymentMethod', 'ALIPAY')
      const second = await placeOrderToSandbox(page)
      assert.equal(second.orderID, first.orderID, 'the failed order stays payable and is reused')
      assert.notEqual(second.attemptUrl, first.attemptUrl, 'a new payment attempt')
      await sandbox(page, '#sandbox-pay')
      assert.equal(await successView(page), first.orderID)
      await assertCartEmpty(page)
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })

  it('pending payment: the confirmation page polls every 2 s while Pending and turns into success without a reload', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'en' })
    try {
      await addThroughApi(page, context, [DECAF])
      await openCheckout(page)
      await fillPickup(page, 'WECHAT_PAY')
      const { attemptUrl, orderID } = await placeOrderToSandbox(page)

      // The shopper leaves the provider's page without paying: no notification, the order stays Pending.
      const checks = []
      page.on('response', (r) => {
        if (r.url().includes(`${SM}/checkOttPaymentStatus`)) checks.push({ at: Date.now(), status: r.status() })
      })
      // When each check is sent: the 2 s are between one answer and the next question, so answers can come closer
      // together when one took longer than the next; the questions cannot.
      const asked = []
      page.on('request', (r) => {
        if (r.url().includes(`${SM}/checkOttPaymentStatus`)) asked.push(Date.now())
      })
      const firstCheck = page.waitForResponse((r) => r.url().includes(`${SM}/checkOttPaymentStatus`), WAIT)
      await sandbox(page, '#sandbox-abandon')
      const state = await (await firstCheck).json()
      assert.deepEqual({ orderID: state.orderID, status: state.status, paymentStatus: state.paymentStatus }, { orderID, status: 'INTERIM', paymentStatus: 'NOT_PAID' })
      const pending = visible(page, '.confirmation--pending')
      await pending.getByText(EN.pending, { exact: true }).waitFor(WAIT)
      // The page is still Pending on the next check, 2 s later.
      const secondCheck = await page.waitForResponse((r) => r.url().includes(`${SM}/checkOttPaymentStatus`) && checks.length >= 2, WAIT)
      assert.equal((await secondCheck.json()).status, 'INTERIM')
      await pending.waitFor(WAIT)
      await page.evaluate(() => {
        window.__sameDocument = true
      })

      // The payment completes at the provider meanwhile (its notification, with this shopper's cookies and token).
      const xsrf = (await context.cookies(stack.baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value
      const paid = await page.request.post(`${attemptUrl}/pay`, { data: {}, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf ?? '') } })
      assert.equal(paid.status(), 200, await paid.text())

      // The next poll sees it: success, on the same document.
      assert.equal(await successView(page), orderID)
      assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload happened')
      assert.ok(checks.length >= 3, `pending was checked again (${checks.length} checks)`)
      const gaps = asked.slice(1).map((at, i) => at - asked[i])
      assert.ok(gaps.length >= 2 && gaps.every((g) => g >= 1900), `checks 2 s apart: ${gaps.join(', ')} ms`)
      await assertCartEmpty(page)
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })

  it('a coupon, a tip and store credit each change the total to the server number; the provider charges that total', { timeout: 150_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'en' })
    try {
      await open(page, '/account/login')
      await visible(page, '.account-login').waitFor(WAIT)
      await visible(page, '.account-login input[name="emailID"]').fill(DEMO.email, WAIT)
      await visible(page, '.account-login input[name="password"]').fill(DEMO.password, WAIT)
      const signedOn = response(page, 'POST', '/common3/signon')
      await visible(page, '.account-login .account-form__submit').click(WAIT)
      assert.equal((await signedOn).status(), 200)
      await page.waitForURL(`${stack.baseUrl}/user/list`, WAIT)

      await addThroughApi(page, context, [COLOMBIA, DECAF])
      await openCheckout(page)
      await chooseMethod(page, 'PICKUP')
      await choose(page, 'store', 'TOR-DT')
      await chooseSlot(page, 'pickup')
      // Signed in: the contact comes from the account, and the store credit balance is shown.
      assert.equal(await visible(page, '.checkout input[name="email"]').inputValue(), DEMO.email)
      await visible(page, '.checkout [data-section="storeCredit"]').getByText(`Balance: ${money(DEMO.storeCredit)}`).waitFor(WAIT)

      const subtotal = COLOMBIA.price + DECAF.price
      let expected = subtotal + taxOf(subtotal)
      await totalShows(page, expected)

      /** Runs a step, checks the server's answer against the seed's rules, and waits for the summary to show it. */
      async function step(pathPart, method, act, want) {
        const answered = response(page, method, pathPart)
        await act()
        const cart = await (await answered).json()
        const before = expected
        expected = want.subtotal - want.discount + want.tip + want.tax - want.storeCredit
        assert.deepEqual(
          { subtotal: cart.subtotal, discount: cart.discount, tip: cart.tip, tax: cart.tax, storeCredit: cart.storeCredit, shipping: cart.shipping, total: cart.total },
          { ...want, shipping: 0, total: expected }
        )
        assert.notEqual(expected, before, 'the step changed the total')
        await totalShows(page, cart.total)
        return cart
      }

      // WELCOME10: 10% off the subtotal (rounded down); tax on the discounted amount.
      const discount = Math.floor((subtotal * COUPON.percent) / 100)
      const afterDiscount = subtotal - discount
      const tax = taxOf(afterDiscount)
      await fill(page, 'couponCode', COUPON.code)
      const withCoupon = await step(`/shoppingManagement4/couponVerification/${COUPON.code}`, 'GET', () => visible(page, '.checkout__apply-coupon').click(WAIT), {
        subtotal, discount, tip: 0, tax, storeCredit: 0
      })
      assert.equal(withCoupon.coupon?.code, COUPON.code)
      // the applied-coupon note (the coupon picker above it names the code too)
      await visible(page, '.checkout [data-section="coupon"] .checkout__note').getByText(COUPON.code, { exact: false }).waitFor(WAIT)

      // A 15% tip on the discounted amount.
      const tip = Math.round((afterDiscount * 15) / 100)
      await step('/shoppingManagement4/tips', 'POST', () => option(page, 'tip', '15').click(WAIT), { subtotal, discount, tip, tax, storeCredit: 0 })
      await checked(page, 'tip', '15')

      // $5.00 of store credit.
      await fill(page, 'storeCredit', '5.00')
      await step(
        '/shoppingManagement4/applyStoreCredit',
        'POST',
        () => visible(page, '.checkout [data-section="storeCredit"]').getByText('Use store credit', { exact: true }).click(WAIT),
        { subtotal, discount, tip, tax, storeCredit: 500 }
      )

      // The rest is paid online: the provider charges exactly the summary's total.
      const shown = await shownTotal(page)
      assert.equal(shown, money(expected))
      await choose(page, 'paymentMethod', 'WECHAT_PAY')
      const { amount, orderID } = await placeOrderToSandbox(page)
      assert.equal(amount, `${shown} CAD`)
      await sandbox(page, '#sandbox-pay')
      assert.equal(await successView(page), orderID)
      // Signed in: the order detail is offered instead of registering.
      await visible(page, '.confirmation--success .confirmation__button--primary').getByText('Check Order Detail').waitFor(WAIT)

      // The credit used is debited from the balance.
      const credit = await page.request.get(`${stack.baseUrl}${API}/admin/storeCreditManagement/storeCredit`)
      assert.equal(credit.status(), 200)
      assert.equal((await credit.json()).balance, DEMO.storeCredit - 500)
      await assertCartEmpty(page)
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })
})

describe('checkout in Chinese on a desktop window', () => {
  it('pickup order paid in the sandbox ends on the Chinese success view', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'desktop', language: 'zh' })
    try {
      await addThroughApi(page, context, [COLOMBIA])
      await openCheckout(page)
      assert.equal((await visible(page, '#checkout-place-order').innerText()).trim(), ZH.placeOrder)
      await fillPickup(page, 'ALIPAY')
      const { orderID } = await placeOrderToSandbox(page)
      // The sandbox speaks Chinese too, names the method (not the processor's code) and says it is a sandbox.
      const sandboxText = async (id) => (await page.locator(`#${id}`).innerText(WAIT)).trim()
      assert.equal(await sandboxText('sandbox-mark'), '沙盒：测试付款，不会真实扣款')
      assert.equal(await sandboxText('sandbox-heading'), '支付沙盒')
      assert.equal(await sandboxText('sandbox-method'), '支付宝')
      assert.equal(await sandboxText('sandbox-pay'), '支付')
      await sandbox(page, '#sandbox-pay')
      assert.equal(await successView(page, { heading: ZH.success, orderNumber: ZH.orderNumber }), orderID)
      await visible(page, '.confirmation--success .confirmation__receipt').getByText(`收据已发送至 ${GUEST.email}`, { exact: true }).waitFor(WAIT)
      await assertCartEmpty(page)
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })
})

describe('delivery in Chinese on a phone', () => {
  // Seed delivery areas (server/src/seed/store.ts deliveryLocations): Ontario's cities by their Chinese names.
  const ONTARIO_ZH = ['多伦多', '密西沙加', '万锦', '列治文山', '士嘉堡']
  const TORONTO_ZH = ONTARIO_ZH[0]

  it('a city chosen by its Chinese name is sent as shown, validates, and the confirmation names it', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'zh' })
    try {
      await addThroughApi(page, context, [COLOMBIA])
      await openCheckout(page)
      await chooseMethod(page, 'DELIVERY')
      await visible(page, '.checkout__note').getByText(`配送范围：${ONTARIO_ZH.join('、')}（安大略省）；温哥华、列治文、本拿比（不列颠哥伦比亚省）`, { exact: true }).waitFor(WAIT)
      await fillAddressBeforeCity(page)
      const cityChoices = visible(page, '.checkout-choices__option[data-name="city"]')
      assert.deepEqual((await cityChoices.allInnerTexts()).map((s) => s.trim()), ONTARIO_ZH)
      await choose(page, 'city', TORONTO_ZH)
      assert.equal(await visible(page, '.checkout input[name="address.city"]').inputValue(), TORONTO_ZH)
      await fill(page, 'address.postCode', ADDRESS.postCode)
      await chooseSlot(page, 'delivery')
      await fill(page, 'email', GUEST.email)
      await choose(page, 'paymentMethod', 'ALIPAY')

      const deliverInfo = response(page, 'POST', '/shoppingManagement4/orderDeliverInfo')
      const placing = placeOrderToSandbox(page)
      const answered = await deliverInfo
      assert.equal(answered.status(), 200)
      assert.equal(answered.request().postDataJSON().city, TORONTO_ZH)
      assert.equal((await answered.json()).checkout.delivery.city, TORONTO_ZH)
      const { orderID } = await placing
      await sandbox(page, '#sandbox-pay')
      assert.equal(await successView(page, { heading: ZH.success, orderNumber: ZH.orderNumber }), orderID)
      const deliverTo = (await visible(page, '.confirmation--success .confirmation__fact[data-fact="address"]').innerText()).trim()
      assert.equal(deliverTo, `配送地址：${ADDRESS.street}, ${ADDRESS.unit}, ${TORONTO_ZH} ${ADDRESS.province} ${ADDRESS.postCode}`)
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })
})

/** The element's box in the window, after any scrolling that moved it. */
async function box(page, selector) {
  const found = await visible(page, selector).first().boundingBox()
  assert.ok(found, `${selector} has no box`)
  return found
}

/** Place order is wholly inside the window (not below the fold, not under anything at the bottom). */
async function placeOrderOnScreen(page, height) {
  const button = await box(page, '#checkout-place-order')
  assert.ok(button.y >= 0 && button.y + button.height <= height, `Place order at y ${button.y}–${button.y + button.height} of ${height}`)
}

describe('a focused checkout, on a phone and a desktop window, in English and Chinese', () => {
  const TITLE = { en: 'Checkout', zh: '结算' }
  // A laptop (1280x800) too: the summary starts below the header there, and Place order must still be in view.
  for (const viewport of ['phone', 'desktop', 'laptop']) {
    for (const language of ['en', 'zh']) {
      it(`${viewport} ${language}: slim header, no menu, footer or tab bar; ${viewport === 'phone' ? 'Place order stays on screen' : 'the summary beside the form'}; options named`, { timeout: 60_000 }, async () => {
        const { context, page, errors } = await openContext(browser, { viewport, language })
        const { height } = VIEWPORTS[viewport]
        try {
          await addThroughApi(page, context, [HOUSE_BLEND, CROISSANT])
          await openCheckout(page)
          await visible(page, '.checkout-header .checkout-header__title').getByText(TITLE[language], { exact: true }).waitFor(WAIT)
          assert.equal(await page.locator('.tab-bar, .footer, .header__menu, .header__toggle, .side-menu').count(), 0)
          const line = visible(page, '.checkout__line').filter({ hasText: HOUSE_BLEND.line[language] })
          await line.waitFor(WAIT)
          assert.doesNotMatch(await visible(page, '.checkout').innerText(), /grind:/)

          if (viewport === 'phone') {
            await placeOrderOnScreen(page, height)
            // Scrolled to the contact fields (mid-form), the total and Place order are still there.
            await visible(page, '[data-section="contact"]').scrollIntoViewIfNeeded(WAIT)
            await placeOrderOnScreen(page, height)
            await visible(page, '.checkout__place-bar .checkout__bar-amount').waitFor(WAIT)
            assert.equal((await visible(page, '.checkout__bar-amount').innerText()).trim(), await shownTotal(page))
          } else {
            const form = await box(page, '.checkout__form')
            const aside = await box(page, '.checkout__aside')
            assert.ok(aside.x >= form.x + form.width, `the summary (x ${aside.x}) is right of the form (ends at ${form.x + form.width})`)
            assert.ok(Math.abs(aside.y - form.y) < 8, `the summary starts level with the form (${aside.y} vs ${form.y})`)
            await placeOrderOnScreen(page, height)
          }
          assert.deepEqual(errors.map(String), [])
        } finally {
          await context.close()
        }
      })
    }
  }

  /**
   * The element's label (`labelSelector`) is wholly inside the window and not under the sticky header: the topmost
   * element at its middle is the label itself.
   */
  async function labelOnScreen(page, labelSelector, height) {
    const label = await box(page, labelSelector)
    assert.ok(label.y >= 0 && label.y + label.height <= height, `${labelSelector} at y ${label.y}–${label.y + label.height} of ${height}`)
    const onTop = await page.evaluate(({ x, y, selector }) => {
      const label = Array.from(document.querySelectorAll(selector)).find((el) => el.getClientRects().length)
      return Boolean(label && label.contains(document.elementFromPoint(x, y)))
    }, { x: label.x + label.width / 2, y: label.y + label.height / 2, selector: labelSelector })
    assert.ok(onTop, `${labelSelector} is covered`)
  }

  /** Waits until the focused element is the first one matching `selector` on the shown page. */
  function focusIsOn(page, selector) {
    return page.waitForFunction((sel) => {
      const target = Array.from(document.querySelectorAll(sel)).find((el) => el.getClientRects().length)
      return Boolean(target) && document.activeElement === target
    }, selector, WAIT)
  }

  // The walkthrough's sizes: a phone (390x844) and a laptop screen 768 high.
  for (const [viewport, language, size] of [['phone', 'en', { width: 390, height: 844 }], ['desktop', 'zh', { width: 1366, height: 768 }]]) {
    it(`${viewport} ${size.width}x${size.height} ${language}: a refused Place order focuses the first invalid field and shows its label and message`, { timeout: 60_000 }, async () => {
      const { context, page, errors } = await openContext(browser, { viewport, language })
      await page.setViewportSize(size)
      try {
        await addThroughApi(page, context, [COLOMBIA])
        await openCheckout(page)
        await fill(page, 'email', 'grace.hopper@')
        await visible(page, '#checkout-place-order').click(WAIT)
        // Nothing chosen: the order-method group's first option takes the focus; its question and message are in view.
        await focusIsOn(page, '.checkout-choices[data-name="method"] [role="radio"]')
        const method = '.checkout [data-section="method"]'
        assert.equal(await visible(page, `${method} [role="radiogroup"]`).getAttribute('aria-invalid'), 'true')
        await labelOnScreen(page, `${method} .checkout__section-title`, size.height)
        await labelOnScreen(page, `${method} .checkout__field-error`, size.height)

        await chooseMethod(page, 'PICKUP')
        await choose(page, 'store', 'TOR-DT')
        await chooseSlot(page, 'pickup')
        await fill(page, 'firstName', GUEST.firstName)
        await visible(page, '#checkout-place-order').click(WAIT)
        // The e-mail is the first invalid field left: focused, what was typed kept, its label and message in view.
        await focusIsOn(page, '.checkout input[name="email"]')
        const email = visible(page, '.checkout input[name="email"]')
        assert.equal(await email.inputValue(), 'grace.hopper@')
        assert.equal(await email.getAttribute('aria-invalid'), 'true')
        const described = await email.getAttribute('aria-describedby')
        const message = await page.evaluate((id) => document.getElementById(id)?.textContent, described)
        assert.ok(message, 'the e-mail names its message')
        const emailBox = '.checkout .field--invalid:has(input[name="email"])'
        await labelOnScreen(page, `${emailBox} .account-field__label`, size.height)
        await labelOnScreen(page, `${emailBox} .account-field__error`, size.height)
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }

  for (const [viewport, language] of [['phone', 'en'], ['desktop', 'zh']]) {
    it(`${viewport} ${language}: after a paid order, the next checkout starts with its method, store and payment method`, { timeout: 120_000 }, async () => {
      const { context, page, errors } = await openContext(browser, { viewport, language })
      try {
        await addThroughApi(page, context, [COLOMBIA])
        await openCheckout(page)
        await fillPickup(page, 'ALIPAY')
        const { orderID } = await placeOrderToSandbox(page)
        await sandbox(page, '#sandbox-pay')
        assert.equal(await successView(page, language === 'zh' ? { heading: ZH.success, orderNumber: ZH.orderNumber } : {}), orderID)

        await addThroughApi(page, context, [DECAF])
        await openCheckout(page)
        await checked(page, 'method', 'PICKUP')
        // The cart the totals come from has the method shown (the server keeps it on this shopper's cart; a cart
        // without it is told it, as the component test 'after a paid order…' checks).
        const billing = await page.request.get(`${stack.baseUrl}${SM}/billing/`)
        assert.equal(billing.status(), 200)
        assert.equal((await billing.json()).orderMethod, 'PICKUP')
        await checked(page, 'store', 'TOR-DT')
        await checked(page, 'paymentMethod', 'ALIPAY')
        assert.equal(await page.locator('.checkout-choices__option[data-name="pickupTime"][aria-checked="true"]').count(), 0, 'the time slot is asked again')
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }
})

// Issue 42 N-4, against the real server: store credit says what happened, where the shopper looks (on screen, not under
// the phone's sticky Place order bar), and an order it pays in whole says "Paid with store credit", not "Paid online".
describe('store credit on a phone: refusals and the applied amount in sight, an order it pays says so (issue 42 N-4)', () => {
  it("empty and too large are said under the field (the server's refusal with its balance); the whole order paid with credit", { timeout: 150_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'en' })
    try {
      await open(page, '/account/login')
      await visible(page, '.account-login input[name="emailID"]').fill(DEMO.email, WAIT)
      await visible(page, '.account-login input[name="password"]').fill(DEMO.password, WAIT)
      const signedOn = response(page, 'POST', '/common3/signon')
      await visible(page, '.account-login .account-form__submit').click(WAIT)
      assert.equal((await signedOn).status(), 200)
      await page.waitForURL(`${stack.baseUrl}/user/list`, WAIT)
      // Other tests of this file spend the demo's credit too: the balance as it is now.
      const { balance } = await (await page.request.get(`${stack.baseUrl}${API}/admin/storeCreditManagement/storeCredit`)).json()

      await addThroughApi(page, context, [CROISSANT])
      const total = CROISSANT.price + taxOf(CROISSANT.price)
      assert.ok(balance > total, `balance ${balance} covers ${total}`)
      await openCheckout(page)
      await chooseMethod(page, 'PICKUP')
      await choose(page, 'store', 'TOR-DT')
      await chooseSlot(page, 'pickup')
      await totalShows(page, total)

      const section = visible(page, '.checkout [data-section="storeCredit"]')
      const use = section.getByText('Use store credit', { exact: true })
      await section.locator('input[name="storeCredit"]').evaluate((el) => el.scrollIntoView({ block: 'center' }))
      /** The message is on screen, and what a finger at its middle reaches is the message, not the Place order bar. */
      const inSight = (locator) =>
        locator.evaluate((el) => {
          const r = el.getBoundingClientRect()
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
          return r.top >= 0 && r.bottom <= window.innerHeight && !!hit && el.contains(hit)
        })

      // Empty: nothing is sent, the most this order can take is named.
      let sent = 0
      const countCredit = (req) => void (req.url().includes(`${SM}/applyStoreCredit`) && sent++)
      page.on('request', countCredit)
      await use.click(WAIT)
      const message = section.locator('.checkout__field-error[role="alert"]')
      await message.getByText(`Enter how much store credit to use: up to ${money(total)} on this order.`, { exact: true }).waitFor(WAIT)
      assert.equal(await inSight(message), true, 'the empty-amount message in sight')
      page.off('request', countCredit)
      assert.equal(sent, 0)

      // Too large: the server refuses and names the balance.
      await fill(page, 'storeCredit', '500')
      const refused = response(page, 'POST', '/shoppingManagement4/applyStoreCredit')
      await use.click(WAIT)
      assert.equal((await refused).status(), 400)
      await message.getByText(`That is more than your store credit: your balance is ${money(balance)}.`, { exact: true }).waitFor(WAIT)
      assert.equal(await inSight(message), true, "the server's refusal in sight")
      await totalShows(page, total)

      // The whole total: applied, said with Remove, and the order costs nothing more.
      await fill(page, 'storeCredit', (total / 100).toFixed(2))
      const applied = response(page, 'POST', '/shoppingManagement4/applyStoreCredit')
      await use.click(WAIT)
      assert.equal((await applied).status(), 200)
      const appliedRow = section.locator('.checkout__store-credit-applied[role="status"]')
      await appliedRow.getByText(`Using ${money(total)} of store credit`, { exact: true }).waitFor(WAIT)
      await appliedRow.getByRole('button', { name: 'Remove store credit' }).waitFor(WAIT)
      assert.equal(await message.count(), 0)
      assert.equal(await inSight(appliedRow), true, 'the applied credit in sight')
      await totalShows(page, 0)

      // Placed: settled with store credit, nothing charged online; the confirmation and the order page say so.
      const paidWithCredit = response(page, 'POST', '/shoppingManagement4/storeCreditPayment')
      await visible(page, '#checkout-place-order').click(WAIT)
      assert.equal((await paidWithCredit).status(), 200)
      await page.waitForURL((url) => url.pathname.startsWith('/confirmation/'), WAIT)
      const orderID = await successView(page)
      await visible(page, '.confirmation__fact[data-fact="payment"]').getByText('Paid with store credit.', { exact: true }).waitFor(WAIT)
      await open(page, `/user/orders/${orderID}`)
      await visible(page, '.order-fact--payment').getByText('Paid with store credit', { exact: false }).waitFor(WAIT)
      const after = await (await page.request.get(`${stack.baseUrl}${API}/admin/storeCreditManagement/storeCredit`)).json()
      assert.equal(after.balance, balance - total)
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })
})
