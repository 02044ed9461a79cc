/**
 * The browser's referral journey (tests/e2e/members.test.mjs, "the referral programme") on the production builds of
 * both mini-programs against the real server, in English. Shopper A signs up and shares the referrer page from its
 * share menu (a mini-program has no web address to copy: the card carries A's referral id). Shopper B opens the
 * shared card on another phone, looks at a product, signs up (the registration names A), confirms the e-mail with
 * the token of the mail in the server's outbox (opened on the mini-program's confirmation page, as a link into the
 * mini-program would carry it), pays one order in the platform's sheet and places another to pay at the store.
 * A's referrer page shows B (name masked), both orders pending, their commission and today's count in the orders
 * chart's table; B cancels the order to pay at the store, and A's page shows its commission reversed and the paid
 * one still pending.
 */
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { assertDeviceClean, checkoutAsPickup, CONFIRMATION, PAGES, placePickupPaidAtStore, requestsTo, runMiniProgram, serverForFile } from './kit.mjs'

const REFERRER = 'packages/user/pages/referrer/index'
const STORE = 'packages/store/pages/index/index'
const SIGNUP = 'packages/account/pages/signup/index'
const VERIFY = 'packages/account/pages/verify/index'
const MY_ACCOUNT = 'packages/user/pages/list/index'
const ORDER = 'packages/user/pages/order/index'
const PASSWORD = 'longenough1'
// Seed (server/src/features/memberships/seed.ts, features/referral/seed.ts): Longjing's regular price (B is no
// member); a new referrer is in the default group, which pays 5 %.
const LONGJING = { id: '1011', name: 'West Lake Longjing 100g', price: 3299 }
const COMMISSION_PERCENT = 5
const commission = (quantity) => Math.floor((LONGJING.price * quantity * COMMISSION_PERCENT) / 100)
const money = (minor) => `$${(minor / 100).toFixed(2)}`

const server = serverForFile()

const uniqueEmail = (tag) => `mp-${tag}-${Date.now().toString(36)}@example.com`

/** On the sign-in page: Create an account, the form filled, and on to My account. Answers the registration request. */
async function signUp(mp, { firstName, lastName, email }) {
  await mp.waitForText('Create an account')
  mp.tap('Create an account')
  await mp.waitForPage(SIGNUP)
  await mp.waitForText('Create account')
  for (const [name, value] of Object.entries({ firstName, lastName, emailID: email, password: PASSWORD, confirmPassword: PASSWORD })) mp.input(name, value)
  await mp.settled()
  mp.tap('Create account')
  await mp.waitForPage(MY_ACCOUNT)
  const [registration] = requestsTo(mp, 'POST', '/common3/clientRegistration')
  assert.equal(registration.status, 200)
  return registration
}

/** The token of the confirmation mail to `email` in the server's outbox, once it is there (quoted-printable undone). */
async function confirmationToken(email) {
  const dir = path.join(server.dataDir, 'outbox')
  const until = Date.now() + 15_000
  for (;;) {
    const mails = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('-email-verification.eml')) : []
    const mail = mails.map((f) => readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .find((text) => text.split(/\r?\n/).includes(`To: ${email}`))
    if (mail) return /\/account\/verify\?token=([A-Za-z0-9_-]+)/.exec(mail)[1]
    if (Date.now() > until) throw new Error(`no confirmation mail to ${email} in ${dir}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Longjing's page: Add to cart `times` times, each answered 200. */
async function addLongjing(mp, times) {
  mp.native.navigateTo({ url: `/${PAGES.product}?id=${LONGJING.id}` })
  await mp.waitForPage(PAGES.product)
  await mp.waitForText(LONGJING.name)
  await mp.waitForText('Add to cart')
  const before = requestsTo(mp, 'POST', '/shoppingManagement4/myCart').length
  for (let n = 1; n <= times; n++) {
    await mp.settled()
    mp.tap('Add to cart')
    await mp.waitFor(() => requestsTo(mp, 'POST', '/shoppingManagement4/myCart').length === before + n, { what: `add to cart #${n}` })
  }
  await mp.waitFor(() => requestsTo(mp, 'POST', '/shoppingManagement4/myCart').slice(before).every((r) => r.status === 200), { what: 'the lines added' })
}

/** The referrer page's rows of introduced orders and users, and its figures by label. */
const rowOf = (mp, orderID) => mp.groupsOf('referrer-row').find((texts) => texts.includes(`Order ${orderID}`))
const fact = (mp, label) => mp.groupsOf('members-fact').find((texts) => texts[0] === label)?.[1]
/** The figures come with their own request, apart from the rows: wait for them. */
const figuresShown = (mp) => mp.waitFor(() => fact(mp, 'Commission pending') !== undefined, { what: 'the referrer’s figures' })

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: the referral programme`, () => {
    it('A shares the referrer page; B opens the card, signs up, confirms, pays one order and cancels another; A sees B, both orders, the commission and its reversal', async () => {
      let shared
      let myID
      let aStorage
      await runMiniProgram(kind, server.baseUrl, { entry: PAGES.login }, async (mp) => {
        const registration = await signUp(mp, { firstName: 'Ann', lastName: 'Lee', email: uniqueEmail(`referrer-${kind}`) })
        assert.equal(registration.body.referrerID, undefined)
        await mp.waitForText('Referral programme')
        mp.tap('Referral programme')
        await mp.waitForPage(REFERRER)
        await mp.waitFor(() => mp.texts().some((t) => t.startsWith('My referral ID: ')), { what: 'my referral id' })
        myID = mp.texts().find((t) => t.startsWith('My referral ID: ')).slice('My referral ID: '.length)
        assert.match(myID, /^[A-Za-z0-9]+$/)
        // No web address in a mini-program: the page says the share menu carries the id, and offers the share button.
        assert.ok(mp.texts().includes('Share any page of the shop from the menu (•••): your referral ID goes with it.'), mp.text())
        assert.ok(mp.texts().includes('Share'), mp.text())
        await mp.waitForText('Nobody has registered through your link yet.')
        await mp.settled()
        shared = mp.currentPage().onShareAppMessage({ from: 'menu' })
        assert.equal(shared.path, `/${STORE}?ref=${myID}`)
        assert.ok(shared.title, 'the card has the store’s name')
        await assertDeviceClean(mp)
        aStorage = { ...mp.storage }
      })

      // B, on another phone, opens A's card, looks at a product, and signs up later.
      const bEmail = uniqueEmail(`friend-${kind}`)
      let paid
      let atStore
      let bStorage
      await runMiniProgram(kind, server.baseUrl, { entry: shared.path.replace(/^\//, ''), answers: { payment: 'paid' } }, async (mp) => {
        await mp.waitForPage(STORE)
        await mp.waitFor(() => mp.storage['istore.referrer'] !== undefined, { what: 'the referral id kept' })
        assert.equal(JSON.parse(mp.storage['istore.referrer']), myID)
        await mp.settled()
        await addLongjing(mp, 2)
        await mp.settled()
        mp.tap('Sign in')
        await mp.waitForPage(PAGES.login)
        const registration = await signUp(mp, { firstName: 'Bo', lastName: 'Chen', email: bEmail })
        assert.equal(registration.body.referrerID, myID, 'the registration names the referrer of the card')
        assert.equal(mp.storage['istore.referrer'], undefined, 'the referral id is forgotten once used')

        // The introduction counts once B has confirmed the e-mail (server/CONTRACT.md, Referral rules).
        mp.native.reLaunch({ url: `/${VERIFY}?token=${await confirmationToken(bEmail)}` })
        await mp.waitForPage(VERIFY)
        await mp.waitForText(`Thank you: ${bEmail} is confirmed. You can now link WeChat or Alipay sign-in to your account.`)
        assert.equal(requestsTo(mp, 'POST', '/common3/verifyEmail')[0].status, 200)

        // The two Longjing from before signing up, paid in the platform's sheet.
        mp.native.reLaunch({ url: `/${PAGES.home}` })
        await mp.waitForPage(PAGES.home)
        await mp.settled()
        await checkoutAsPickup(mp)
        await mp.waitForPage(CONFIRMATION[kind])
        await mp.waitForText('Thank you for your order!')
        assert.ok(mp.calls.some((c) => c.name === (kind === 'weapp' ? 'requestPayment' : 'tradePay')), 'the platform payment sheet was shown')
        paid = String(requestsTo(mp, 'POST', '/shoppingManagement4/reserve')[0].response.orderID)

        // One more, to pay at the store.
        await addLongjing(mp, 1)
        atStore = await placePickupPaidAtStore(mp)
        assert.notEqual(atStore, paid)
        await assertDeviceClean(mp)
        bStorage = { ...mp.storage }
      })

      // A comes back: B, masked, both orders pending, and their commission.
      await runMiniProgram(kind, server.baseUrl, { entry: REFERRER, storage: aStorage }, async (mp) => {
        await mp.waitForText(`Order ${atStore}`)
        await mp.waitForText(`Order ${paid}`)
        // the introduced users are a request of their own too
        await mp.waitFor(() => mp.textsOf('referrer-row__name').includes('B*** C***'), { what: 'B among the users introduced' })
        assert.ok(rowOf(mp, paid).includes('Pending'), rowOf(mp, paid).join(' | '))
        assert.ok(rowOf(mp, atStore).includes('Pending'), rowOf(mp, atStore).join(' | '))
        await figuresShown(mp)
        assert.equal(fact(mp, 'Users introduced'), '1')
        assert.equal(fact(mp, 'Orders introduced'), '2')
        assert.equal(fact(mp, 'Commission pending'), money(commission(2) + commission(1)))
        assert.equal(fact(mp, 'Commission reversed'), money(0))
        // The orders chart's table (days in the store's time zone): today's row, the last, counts both orders.
        const ordersChart = () => mp.groupsOf('bar-chart').find((texts) => texts[0] === 'Orders introduced')
        await mp.waitFor(ordersChart, { what: 'the orders chart' })
        assert.equal(ordersChart().at(-2), '2', ordersChart().join(' | '))
        await mp.settled()
        await assertDeviceClean(mp)
      })

      // B cancels the order to pay at the store, after the platform's dialog.
      await runMiniProgram(kind, server.baseUrl, { entry: `${ORDER}?id=${atStore}`, storage: bStorage, answers: { modal: 'confirm' } }, async (mp) => {
        await mp.waitForText('Cancel order')
        await mp.settled()
        mp.tap('Cancel order')
        await mp.waitFor(() => requestsTo(mp, 'PUT', `/admin/orderManagement/cancelOrder/${atStore}`).some((r) => r.status === 200), { what: 'the order cancelled' })
        assert.equal(mp.calls.find((c) => c.name === (kind === 'weapp' ? 'showModal' : 'confirm'))?.options.content, `Order ${atStore} will be cancelled.`)
        await mp.waitFor(() => mp.texts().includes('Cancelled') && !mp.texts().includes('Cancel order'), { what: 'the order shown cancelled' })
        await mp.settled()
        await assertDeviceClean(mp)
      })

      // A again: the cancelled order's commission reversed, the paid one still pending.
      await runMiniProgram(kind, server.baseUrl, { entry: REFERRER, storage: aStorage }, async (mp) => {
        await mp.waitFor(() => rowOf(mp, atStore)?.includes('Reversed'), { what: `order ${atStore} reversed` })
        assert.ok(rowOf(mp, paid).includes('Pending'), rowOf(mp, paid).join(' | '))
        await figuresShown(mp)
        assert.equal(fact(mp, 'Commission reversed'), money(commission(1)))
        assert.equal(fact(mp, 'Commission pending'), money(commission(2)))
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })
  })
}
