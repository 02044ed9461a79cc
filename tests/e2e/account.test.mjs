// Issue 6: accounts and orders in headless Chromium against the real server. On a phone in English: a guest cart
// carried over at sign-up and at sign-in, sign-out, a wrong password, an address saved in my account offered at
// checkout, a paid delivery order found on page one of /user/orders with a comment (and no cancel: paid), and a
// pay-at-store order cancelled. In Chinese on a desktop: sign-up, sign-out, a wrong password, sign-in.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { fill, PASSWORD, response, shopperSteps, uniqueEmail, visible, WAIT } from './shopper.mjs'


// Seed catalogue (server/src/seed/catalogue.ts): coffees without options, in stock.
const COLOMBIA = { id: '1003', name: 'Colombia Supremo 340g' }
const DECAF = { id: '1005', name: 'Decaf Swiss Water 340g' }

const EN = {
  wrongPassword: 'The e-mail or password is incorrect.',
  myAccount: 'My account',
  paid: 'Paid online',
  payAtStore: 'Pay at store',
  cancelled: 'Cancelled'
}
const ZH = { wrongPassword: '电子邮箱或密码不正确。', myAccount: '我的账户', signUpTitle: '创建账户', loginTitle: '登录' }

/** Seeded address book entry; British Columbia is the second province of Canada (the server lists them by name). */
const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '604-555-0142',
  streetNumberAndNameDetails: '100 Granville St',
  unit: '1201',
  city: 'Vancouver',
  province: 'BC',
  provinceName: 'British Columbia',
  postCode: 'V6C 1T2'
}

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

const { open, signUp } = shopperSteps(() => stack.baseUrl)

async function addToCart(page, product) {
  await open(page, `/store/product/${product.id}`)
  await visible(page, `.product-page[data-product-id="${product.id}"]`).waitFor(WAIT)
  const added = response(page, 'POST', '/shoppingManagement4/myCart')
  await visible(page, '.product-page__add').click(WAIT)
  const answer = await added
  assert.equal(answer.status(), 200)
  await visible(page, '.product-page__added').waitFor(WAIT)
}

/** The cart page's line names, once it has loaded (or the empty state). */
async function cartLineNames(page) {
  await open(page, '/checkout/cart')
  await visible(page, '.cart-page__lines, .cart-page .empty-state').first().waitFor(WAIT)
  return (await visible(page, '.cart-line__name').allInnerTexts()).map((s) => s.trim()).sort()
}

async function signOut(page) {
  await open(page, '/user/list')
  await visible(page, '.my-account__signout').waitFor(WAIT)
  const loggedOut = response(page, 'GET', '/common3/logout')
  await visible(page, '.my-account__signout').click(WAIT)
  assert.equal((await loggedOut).status(), 200)
  await page.waitForURL(`${stack.baseUrl}/`, WAIT)
}

async function trySignIn(page, email, password) {
  await visible(page, '.account-login').waitFor(WAIT)
  await fill(page, '.account-login', 'emailID', email)
  await fill(page, '.account-login', 'password', password)
  const answer = response(page, 'POST', '/common3/signon')
  await visible(page, '.account-login .account-form__submit').click(WAIT)
  return (await answer).status()
}

/** Pays the current order on the sandbox's hosted page and waits for the confirmation; returns the order id. */
async function payInSandbox(page) {
  await page.waitForURL((url) => url.pathname.includes('/sandbox/pay/'), WAIT)
  await page.locator('#sandbox-pay').click(WAIT)
  await page.waitForURL((url) => url.pathname.startsWith('/confirmation'), WAIT)
  const success = visible(page, '.confirmation--success')
  await success.waitFor(WAIT)
  const text = await success.locator('.confirmation__order-id').innerText()
  const id = /Order number: (\d+)/.exec(text)?.[1]
  assert.ok(id, `no order number in "${text}"`)
  return id
}

/** Opens /user/orders, finds the order among the first page's rows and opens its detail. */
async function openOrderFromList(page, orderID) {
  await open(page, '/user/orders')
  await visible(page, '.order-list__count').waitFor(WAIT)
  const rows = visible(page, '.order-row')
  await rows.first().waitFor(WAIT)
  assert.ok((await rows.count()) <= 10, 'page one holds at most 10 orders')
  const ids = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-order-id')))
  assert.ok(ids.includes(orderID), `order ${orderID} not on page one: ${ids.join(', ')}`)
  await visible(page, `.order-row[data-order-id="${orderID}"]`).click(WAIT)
  await page.waitForURL(`${stack.baseUrl}/user/orders/${orderID}`, WAIT)
  const detail = visible(page, '.order-detail')
  await detail.waitFor(WAIT)
  await detail.locator('.account-page__title', { hasText: `Order ${orderID}` }).waitFor(WAIT)
  return detail
}

describe('my account and orders on a phone in English', () => {
  it('guest cart carried over, sign-out and sign-in, saved address offered at checkout, orders commented and cancelled', { timeout: 300_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'en' })
    try {
      const email = uniqueEmail('shopper')

      // A guest fills a cart, then signs up: the cart comes along.
      await addToCart(page, COLOMBIA)
      await signUp(page, { email, firstName: 'Ada', lastName: 'Lovelace' })
      assert.deepEqual(await cartLineNames(page), [COLOMBIA.name])

      // Signed out, the visitor is a guest with an empty cart, and fills it again.
      await signOut(page)
      assert.deepEqual(await cartLineNames(page), [])
      await visible(page, '.cart-page .empty-state').waitFor(WAIT)
      await addToCart(page, DECAF)

      // A wrong password says so (without telling which part was wrong); the right one signs in.
      await open(page, '/account/login')
      assert.equal(await trySignIn(page, email, 'not-my-password'), 401)
      await visible(page, '.account-login .account-form__error').getByText(EN.wrongPassword).waitFor(WAIT)
      assert.equal(await trySignIn(page, email, PASSWORD), 200)
      await page.waitForURL(`${stack.baseUrl}/user/list`, WAIT)
      await visible(page, '.my-account').getByText(EN.myAccount).waitFor(WAIT)
      // The guest's line joins the account's cart.
      assert.deepEqual(await cartLineNames(page), [COLOMBIA.name, DECAF.name].sort())

      // My account: save a shipping address.
      await open(page, '/user/list')
      await visible(page, '.address-book').waitFor(WAIT)
      await visible(page, '.address-book').getByText('No saved addresses yet.').waitFor(WAIT)
      await visible(page, '.address-book__add').click(WAIT)
      const form = '.address-form'
      for (const key of ['firstName', 'lastName', 'phone', 'streetNumberAndNameDetails', 'unit', 'city', 'postCode']) {
        await fill(page, form, key, ADDRESS[key])
      }
      await chooseInPicker(page, 'country', 'Canada')
      await chooseInPicker(page, 'province', ADDRESS.provinceName)
      const saved = response(page, 'POST', '/admin/userManagement/updateAddresses/')
      await visible(page, `${form} .my-account__primary`).click(WAIT)
      const savedBody = await (await saved).json()
      assert.equal(savedBody.addresses.length, 1)
      assert.equal(savedBody.addresses[0].province, 'BC')
      await visible(page, '.address-card').getByText(`${ADDRESS.unit}-${ADDRESS.streetNumberAndNameDetails}, ${ADDRESS.city}, BC, ${ADDRESS.postCode}, CA`).waitFor(WAIT)

      // Checkout: delivery offers the saved address, already in the blank form; picking it again restores an edit.
      await open(page, '/checkout')
      await visible(page, '.checkout').waitFor(WAIT)
      assert.equal(await visible(page, '.checkout-choices__option[data-name="savedAddress"]').count(), 0)
      await visible(page, '.checkout-choices__option[data-name="method"][data-value="DELIVERY"]').click(WAIT)
      await checked(page, 'method', 'DELIVERY')
      const offered = visible(page, '.checkout-choices__option[data-name="savedAddress"]')
      await offered.first().waitFor(WAIT)
      assert.equal(await offered.count(), 1)
      assert.equal((await offered.innerText()).trim(), `Ada Lovelace, ${ADDRESS.streetNumberAndNameDetails}, ${ADDRESS.unit}, ${ADDRESS.city} BC ${ADDRESS.postCode}`)
      await assertAddressFields(page, ADDRESS)
      const key = await offered.getAttribute('data-value')
      await checked(page, 'savedAddress', key)
      await fill(page, '.checkout', 'address.unit', '9')
      await checked(page, 'savedAddress', key, 'false')
      await offered.click(WAIT)
      await checked(page, 'savedAddress', key)
      await assertAddressFields(page, ADDRESS)

      await chooseFirst(page, 'deliveryDate')
      await chooseFirst(page, 'deliveryTime')
      assert.equal(await visible(page, '.checkout input[name="email"]').inputValue(), email)
      // The phone is the saved address's: a delivery asks for name and phone once.
      assert.equal(await visible(page, '.checkout input[name="phone"]').count(), 0)
      await chooseFirst(page, 'paymentMethod')
      const deliverInfo = response(page, 'POST', '/shoppingManagement4/orderDeliverInfo')
      await visible(page, '#checkout-place-order').click(WAIT)
      const sent = (await deliverInfo).request().postDataJSON()
      assert.deepEqual(
        { street: sent.streetNumberAndNameDetails, unit: sent.unit, city: sent.city, province: sent.province, postCode: sent.postCode },
        { street: ADDRESS.streetNumberAndNameDetails, unit: ADDRESS.unit, city: ADDRESS.city, province: 'BC', postCode: ADDRESS.postCode }
      )
      const paidOrder = await payInSandbox(page)

      // The paid order is on page one of my orders; it takes a comment, and cannot be cancelled.
      await visible(page, '.confirmation--success .confirmation__button--primary').click(WAIT)
      await page.waitForURL(`${stack.baseUrl}/user/orders`, WAIT)
      const paid = await openOrderFromList(page, paidOrder)
      assert.equal((await paid.locator('.order-fact--payment .order-fact__value').innerText()).trim(), EN.paid)
      assert.equal((await paid.locator('.order-fact--method .order-fact__value').innerText()).trim(), 'Delivery')
      assert.deepEqual((await paid.locator('.order-line__name > :first-child').allInnerTexts()).map((s) => s.trim()).sort(), [COLOMBIA.name, DECAF.name].sort())
      const comment = `Please ring unit ${ADDRESS.unit} — ${Date.now().toString(36)}`
      await visible(page, '.order-detail__comment-input textarea').fill(comment, WAIT)
      const commented = response(page, 'PUT', `/admin/orderManagement/addComment/${paidOrder}`)
      await visible(page, '.order-detail__comment-submit').click(WAIT)
      assert.equal((await commented).status(), 200)
      await paid.locator('.order-comment__text', { hasText: comment }).waitFor(WAIT)
      assert.equal(await visible(page, '.order-detail__comment-input textarea').inputValue(), '')
      assert.equal(await visible(page, '.order-detail__cancel').count(), 0, 'a paid order offers no cancel')

      // A second order, to pay at the store, can be cancelled.
      await addToCart(page, COLOMBIA)
      await open(page, '/checkout')
      await visible(page, '.checkout').waitFor(WAIT)
      await visible(page, '.checkout-choices__option[data-name="method"][data-value="PICKUP"]').click(WAIT)
      await checked(page, 'method', 'PICKUP')
      await visible(page, '.checkout-choices__option[data-name="store"][data-value="TOR-DT"]').click(WAIT)
      await checked(page, 'store', 'TOR-DT')
      await chooseFirst(page, 'pickupDate')
      await chooseFirst(page, 'pickupTime')
      await visible(page, '.checkout-choices__option[data-name="payment"][data-value="PAY_AT_STORE"]').click(WAIT)
      await checked(page, 'payment', 'PAY_AT_STORE')
      assert.equal(await visible(page, '.checkout input[name="phone"]').inputValue(), ADDRESS.phone, 'the contact is kept from the last order')
      await visible(page, '#checkout-place-order').click(WAIT)
      await page.waitForURL((url) => /^\/confirmation\/\d+$/.test(url.pathname), WAIT)
      const storeOrder = /\/confirmation\/(\d+)$/.exec(new URL(page.url()).pathname)[1]
      assert.notEqual(storeOrder, paidOrder)

      const atStore = await openOrderFromList(page, storeOrder)
      assert.equal((await atStore.locator('.order-fact--payment .order-fact__value').innerText()).trim(), EN.payAtStore)
      const cancelButton = visible(page, '.order-detail__cancel')
      await cancelButton.waitFor(WAIT)
      await cancelButton.click(WAIT)
      const modal = page.locator('.taro-modal__content:visible')
      await modal.getByText(`Order ${storeOrder} will be cancelled.`).waitFor(WAIT)
      const cancelled = response(page, 'PUT', `/admin/orderManagement/cancelOrder/${storeOrder}`)
      await modal.locator('.taro-model__confirm').click(WAIT)
      assert.equal((await cancelled).status(), 200)
      await atStore.locator('.order-fact--status .order-fact__value', { hasText: EN.cancelled }).waitFor(WAIT)
      await cancelButton.waitFor({ state: 'detached', ...WAIT })

      // Both orders stay on page one, the cancelled one marked so.
      await open(page, '/user/orders')
      await visible(page, `.order-row[data-order-id="${storeOrder}"] .order-row__status`).getByText(EN.cancelled).waitFor(WAIT)
      await visible(page, `.order-row[data-order-id="${paidOrder}"]`).waitFor(WAIT)
      assert.equal((await visible(page, '.order-list__count').innerText()).trim(), '2 orders')

      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })
})

describe('sign-in in Chinese on a desktop window', () => {
  it('signs up, signs out, refuses a wrong password with the message, and signs in', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'desktop', language: 'zh' })
    try {
      const email = uniqueEmail('zh')
      await open(page, '/account/signup')
      await visible(page, '.account-signup .account-page__title').getByText(ZH.signUpTitle).waitFor(WAIT)
      await signUp(page, { email, firstName: '丽', lastName: '陈' })
      await visible(page, '.my-account .account-page__title').getByText(ZH.myAccount).waitFor(WAIT)
      await signOut(page)

      await open(page, '/account/login')
      await visible(page, '.account-login .account-page__title').getByText(ZH.loginTitle).waitFor(WAIT)
      assert.equal(await trySignIn(page, email, 'wrong-password-1'), 401)
      await visible(page, '.account-login .account-form__error').getByText(ZH.wrongPassword).waitFor(WAIT)
      // What was typed stays for a second try.
      assert.equal(await visible(page, '.account-login input[name="emailID"]').inputValue(), email)
      assert.equal(await trySignIn(page, email, PASSWORD), 200)
      await page.waitForURL(`${stack.baseUrl}/user/list`, WAIT)
      await visible(page, '.my-account .account-page__title').getByText(ZH.myAccount).waitFor(WAIT)
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })
})

/** H5's address form chooses with the browser's own select (a tap on a phone's list, no wheel): pick by the shown name. */
async function chooseInPicker(page, field, label) {
  const select = visible(page, `select.address-form__picker[data-field="${field}"]`)
  // The options arrive with the server's list (provinces once the country is known).
  await select.locator('option', { hasText: new RegExp(`^${label}$`) }).waitFor({ state: 'attached', ...WAIT })
  await select.selectOption({ label }, WAIT)
  await page.waitForFunction(
    ({ field, label }) => document.querySelector(`select.address-form__picker[data-field="${field}"]`)?.selectedOptions[0]?.textContent === label,
    { field, label },
    WAIT
  )
}

/** Taps the first option of a row of choices and waits until it shows as chosen. */
async function chooseFirst(page, name) {
  const option = visible(page, `.checkout-choices__option[data-name="${name}"]`).first()
  const value = await option.getAttribute('data-value', WAIT)
  await option.click(WAIT)
  await checked(page, name, value)
}

/** Waits until the option shows as chosen (the form state has been applied). */
function checked(page, name, value, state = 'true') {
  return visible(page, `.checkout-choices__option[data-name="${name}"][data-value="${value}"][aria-checked="${state}"]`).waitFor(WAIT)
}

async function assertAddressFields(page, a) {
  const value = (name) => visible(page, `.checkout input[name="address.${name}"]`).inputValue()
  assert.deepEqual(
    {
      firstName: await value('firstName'),
      lastName: await value('lastName'),
      phone: await value('phone'),
      street: await value('streetNumberAndNameDetails'),
      unit: await value('unit'),
      city: await value('city'),
      postCode: await value('postCode'),
      province: await visible(page, '.checkout-choices__option[data-name="province"][aria-checked="true"]').getAttribute('data-value')
    },
    { firstName: a.firstName, lastName: a.lastName, phone: a.phone, street: a.streetNumberAndNameDetails, unit: a.unit, city: a.city, postCode: a.postCode, province: a.province }
  )
}
