/**
 * The browser's account journeys (tests/e2e/account.test.mjs) on the production builds of both mini-programs against
 * the real server, with e-mail and password as a shopper without the platform's sign-in would use them: a guest's cart
 * carried into a new account at sign-up; signed out, the cart is a guest's again; a wrong password says so and keeps
 * what was typed; signing in carries the guest's line into the account's cart. In My account an address is added
 * (the province chosen in the platform's picker sheet), edited and removed (with Undo); delivery at checkout
 * offers the saved address; the paid delivery order, found in My orders, takes a comment and offers no cancel, while
 * an order to pay at the store is cancelled after the confirmation sheet.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { addHouseBlendToCart, assertDeviceClean, CONFIRMATION, openCheckoutFromCart, PAGES, placePickupPaidAtStore, requestsTo, runMiniProgram, serverForFile } from './kit.mjs'

const PASSWORD = 'longenough1'
const SIGNUP = 'packages/account/pages/signup/index'
const MY_ACCOUNT = 'packages/user/pages/list/index'
const ORDER = 'packages/user/pages/order/index'
const HOUSE_BLEND = 'House Blend Coffee Beans 340g'
const TEA_BOX = 'Tea Gift Box'
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', phone: '604-555-0142', streetNumberAndNameDetails: '100 Granville St', unit: '1201', city: 'Vancouver', postCode: 'V6C 1T2' }

const server = serverForFile()

const uniqueEmail = (tag) => `mp-${tag}-${Date.now().toString(36)}@example.com`

/** The cart page's line names (none: its empty state). */
async function cartLineNames(mp) {
  mp.tap('Cart')
  await mp.waitForPage(PAGES.cart)
  await mp.settled()
  return mp.textsOf('cart-line__name').sort()
}

/** From the home page's card, the Tea Gift Box into the cart (it has no options). */
async function addTeaBox(mp) {
  mp.tap('Home')
  await mp.waitForPage(PAGES.home)
  await mp.waitForText(TEA_BOX)
  mp.tap(TEA_BOX)
  await mp.waitForPage(PAGES.product)
  await mp.waitForText('Add to cart')
  await mp.settled()
  mp.tap('Add to cart')
  await mp.waitForText('Added to your cart')
}

async function signUp(mp, email) {
  await mp.waitForText('Create an account')
  mp.tap('Create an account')
  await mp.waitForPage(SIGNUP)
  await mp.waitForText('Create account')
  for (const [name, value] of Object.entries({ firstName: 'Ada', lastName: 'Lovelace', emailID: email, password: PASSWORD, confirmPassword: PASSWORD })) mp.input(name, value)
  await mp.settled()
  mp.tap('Create account')
  await mp.waitForPage(MY_ACCOUNT)
  assert.equal(requestsTo(mp, 'POST', '/common3/clientRegistration')[0].status, 200)
}

/** My orders from My account; the order's row opens its detail. */
async function openOrder(mp, orderID) {
  mp.tap('Home')
  await mp.waitForPage(PAGES.home)
  await mp.settled()
  mp.tap('My account')
  await mp.waitForPage(MY_ACCOUNT)
  await mp.waitForText('My orders')
  mp.tap('My orders')
  await mp.waitForPage(PAGES.orders)
  await mp.waitForText(`Order ${orderID}`)
  mp.tap(`Order ${orderID}`)
  await mp.waitForPage(ORDER)
  await mp.waitForText('Add comment')
  await mp.settled()
}

async function signInWithPassword(mp, email, password) {
  mp.input('emailID', email)
  mp.input('password', password)
  await mp.settled()
  const before = requestsTo(mp, 'POST', '/common3/signon').length
  mp.tapClass('account-form__submit')
  await mp.waitFor(() => requestsTo(mp, 'POST', '/common3/signon').length > before, { what: 'POST /common3/signon' })
  return requestsTo(mp, 'POST', '/common3/signon').at(-1).status
}

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: my account with e-mail and password`, () => {
    it('a guest cart is carried into a new account; signed out it is a guest’s again; a wrong password says so; signing in carries the guest’s line', async () => {
      const email = uniqueEmail(kind)
      await runMiniProgram(kind, server.baseUrl, {}, async (mp) => {
        await addHouseBlendToCart(mp)
        mp.tap('Sign in')
        await mp.waitForPage(PAGES.login)
        await signUp(mp, email)
        assert.deepEqual(await cartLineNames(mp), [HOUSE_BLEND])

        await mp.settled()
        mp.tap('My account')
        await mp.waitForPage(MY_ACCOUNT)
        await mp.waitForText('Sign out')
        mp.tap('Sign out')
        await mp.waitForPage(PAGES.home)
        assert.equal(requestsTo(mp, 'GET', '/common3/logout')[0].status, 200)
        assert.deepEqual(await cartLineNames(mp), [])
        assert.equal(mp.textsOf('tab-bar__badge').length, 0)

        await addTeaBox(mp)
        mp.tap('Sign in')
        await mp.waitForPage(PAGES.login)
        await mp.waitForText('Forgot your password?')
        assert.equal(await signInWithPassword(mp, email, 'not-my-password'), 401)
        await mp.waitForText('The e-mail or password is incorrect.')
        assert.equal(mp.currentPage().route, PAGES.login)
        assert.equal(await signInWithPassword(mp, email, PASSWORD), 200)
        await mp.waitForPage(MY_ACCOUNT)
        assert.deepEqual(await cartLineNames(mp), [HOUSE_BLEND, TEA_BOX].sort())
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it('an address added, edited and removed (with Undo) in My account is offered at checkout; the paid delivery order takes a comment, a pay-at-store order is cancelled', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry: PAGES.login, answers: { payment: 'paid', modal: 'confirm' } }, async (mp) => {
        await signUp(mp, uniqueEmail(`address-${kind}`))

        // Add: the fields typed, country and province chosen in the picker sheet.
        await mp.waitForText('No saved addresses yet.')
        mp.tap('Add an address')
        await mp.waitForText('Postal code')
        await mp.settled()
        for (const [name, value] of Object.entries(ADDRESS)) mp.input(name, value)
        // The store delivers in one country, already chosen; its provinces are the picker's.
        assert.ok(mp.texts().includes('Canada'), mp.text())
        mp.pick('Choose…', 'British Columbia')
        await mp.settled()
        mp.tap('Save')
        const updates = () => requestsTo(mp, 'POST', '/admin/userManagement/updateAddresses/')
        await mp.waitFor(() => updates().length === 1 && updates()[0].status === 200, { what: 'the address saved' })
        assert.deepEqual(updates()[0].response.addresses.map((a) => [a.province, a.country]), [['BC', 'CA']])
        const shown = (unit) => `${unit}-${ADDRESS.streetNumberAndNameDetails}, ${ADDRESS.city}, BC, ${ADDRESS.postCode}, CA`
        await mp.waitFor(() => mp.textsOf('address-card__line').includes(shown(ADDRESS.unit)), { what: 'the saved address' })

        // Edit: the form holds the address; a new unit is saved in its place.
        mp.tap('Edit')
        await mp.waitForText('Postal code')
        await mp.settled()
        mp.input('unit', '1202')
        await mp.settled()
        mp.tap('Save')
        await mp.waitFor(() => updates().length === 2 && updates()[1].status === 200, { what: 'the edit saved' })
        assert.equal(updates()[1].response.addresses.length, 1)
        await mp.waitFor(() => mp.textsOf('address-card__line').includes(shown('1202')), { what: 'the edited address' })

        // Remove, then Undo: it is back, and stays for checkout.
        mp.tap('Remove')
        await mp.waitFor(() => mp.textsOf('address-card__line').length === 0 && mp.text().includes('Undo'), { what: 'the address removed with Undo' })
        mp.tap('Undo')
        await mp.waitFor(() => mp.textsOf('address-card__line').includes(shown('1202')), { what: 'the address back' })
        await mp.settled()
        assert.equal(updates().at(-1).response.addresses.length, 1)

        // Checkout: delivery offers the saved address, in the form already; the sheet pays the order.
        await addTeaBox(mp)
        await openCheckoutFromCart(mp, { until: 'Delivery' })
        await mp.settled()
        mp.tap('Delivery')
        await mp.waitForText('Your saved addresses')
        const offered = `Ada Lovelace, ${ADDRESS.streetNumberAndNameDetails}, 1202, ${ADDRESS.city} BC ${ADDRESS.postCode}`
        assert.ok(mp.texts().includes(offered), mp.text())
        const dates = () => mp.groupsOf('checkout-choices').find((g) => g.some((t) => /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d+$/.test(t)))
        await mp.waitFor(dates, { what: 'delivery dates' })
        mp.tap(dates()[1])
        await mp.waitForText('11:00')
        mp.tap('11:00')
        await mp.settled()
        // Delivery is paid online only: the payment section says the app's sheet will take it.
        assert.ok(mp.texts().includes('You will pay in the app’s payment sheet.'), mp.text())
        mp.tap('Place order')
        await mp.waitForPage(CONFIRMATION[kind])
        await mp.waitForText('Thank you for your order!')
        const [deliverInfo] = requestsTo(mp, 'POST', '/shoppingManagement4/orderDeliverInfo')
        assert.deepEqual(
          { street: deliverInfo.body.streetNumberAndNameDetails, unit: deliverInfo.body.unit, city: deliverInfo.body.city, province: deliverInfo.body.province, postCode: deliverInfo.body.postCode },
          { street: ADDRESS.streetNumberAndNameDetails, unit: '1202', city: ADDRESS.city, province: 'BC', postCode: ADDRESS.postCode }
        )
        const paidOrder = String(requestsTo(mp, 'POST', '/shoppingManagement4/reserve')[0].response.orderID)

        // My orders: the paid order takes a comment and offers no cancel.
        await openOrder(mp, paidOrder)
        assert.ok(mp.texts().includes('Paid online'), mp.text())
        assert.ok(mp.texts().includes('Delivery'), mp.text())
        assert.ok(!mp.texts().includes('Cancel order'), 'a paid order offers no cancel')
        const comment = `Please ring unit 1202 (${kind})`
        mp.input('comment', comment)
        await mp.settled()
        mp.tap('Add comment')
        await mp.waitFor(() => mp.textsOf('order-comment__text').includes(comment), { what: 'the comment shown' })
        assert.equal(requestsTo(mp, 'PUT', `/admin/orderManagement/addComment/${paidOrder}`)[0].status, 200)

        // A second order, paid at the store, is cancelled after the confirmation sheet.
        await addTeaBox(mp)
        const storeOrder = await placePickupPaidAtStore(mp)
        assert.notEqual(storeOrder, paidOrder)
        await openOrder(mp, storeOrder)
        assert.ok(mp.texts().includes('Pay at store'), mp.text())
        mp.tap('Cancel order')
        await mp.waitFor(() => requestsTo(mp, 'PUT', `/admin/orderManagement/cancelOrder/${storeOrder}`).some((r) => r.status === 200), { what: 'the order cancelled' })
        // The platform's own dialog: WeChat's showModal, Alipay's my.confirm.
        assert.equal(mp.calls.find((c) => c.name === (kind === 'weapp' ? 'showModal' : 'confirm'))?.options.content, `Order ${storeOrder} will be cancelled.`)
        await mp.waitFor(() => mp.texts().includes('Cancelled') && !mp.texts().includes('Cancel order'), { what: 'the order shown cancelled' })
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })
  })
}
