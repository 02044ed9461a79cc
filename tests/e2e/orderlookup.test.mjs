/**
 * Issue 18: a guest finds an order again (item 4.11: /orderlookup from the confirmation, with the number and the
 * checkout e-mail and phone (issue 38 item 2), from any browser; the receipt mail's link opens it at once), and the
 * footer stays about one screen tall on a phone (item 6.2).
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { callApi, fillIn, open, response, uniqueEmail, visible, WAIT } from './steps.mjs'

const COLOMBIA = { id: '1003', name: 'Colombia Supremo 340g' }
const TEXT = {
  en: { submit: 'Find my order', miss: 'No order matches that number, e-mail and phone.', placed: 'Placed', payAtStore: 'Pay at store' },
  zh: { submit: '查询订单', miss: '没有与该订单号、邮箱和电话相符的订单。', placed: '已下单', payAtStore: '到店支付' }
}

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

/** A guest's pickup order paid at the store, placed with the page's own session (as the checkout sends it). */
async function guestOrder(page, context, contact) {
  await open(page, stack.baseUrl, '/')
  await callApi(page, context, stack.baseUrl, 'POST', '/shoppingManagement4/myCart', { productId: COLOMBIA.id, quantity: 1 })
  await callApi(page, context, stack.baseUrl, 'POST', '/shoppingManagement4/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP', contact)
  const { orderID } = await callApi(page, context, stack.baseUrl, 'POST', '/shoppingManagement4/reserve')
  await callApi(page, context, stack.baseUrl, 'POST', `/shoppingManagement4/billing/${orderID}`, { method: 'PAY_AT_STORE' })
  return orderID
}

/** The lookup link of the order's receipt mail, read from the outbox (no SMTP_URL). */
async function receiptLink(email, orderID) {
  const outbox = path.join(stack.dataDir, 'outbox')
  const until = Date.now() + 15_000
  for (;;) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('-order-receipt.eml')) : []
    for (const f of files) {
      const text = fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=')
      if (!text.includes(email)) continue
      const m = text.match(new RegExp(`https?://[^\\s"<>]+/orderlookup\\?order=${orderID}&ref=[0-9a-f]{32}`))
      if (m) return new URL(m[0])
    }
    if (Date.now() > until) throw new Error(`no receipt mail with a lookup link for ${email}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function lookUp(page, orderID, email, phone) {
  const scope = '.order-lookup'
  await visible(page, scope).waitFor(WAIT)
  if (orderID !== null) await fillIn(page, scope, 'orderID', orderID)
  await fillIn(page, scope, 'email', email)
  await fillIn(page, scope, 'phone', phone)
  const answered = response(page, 'POST', '/common3/orderLookup')
  await visible(page, `${scope} .order-lookup__submit`).click(WAIT)
  const answer = await answered
  return { status: answer.status(), body: await answer.json() }
}

for (const language of ['en', 'zh']) {
  const text = TEXT[language]
  describe(`order lookup (${language})`, () => {
    for (const viewport of ['phone', 'desktop']) {
      it(`a guest keeps the number from the confirmation and finds the order again from another browser (${viewport})`, async () => {
        const contact = { firstName: 'Guest', lastName: 'Lookup', email: uniqueEmail('lookup'), phone: '416-555-0142' }
        const { context, page, errors } = await openContext(browser, { viewport, language })
        const orderID = await guestOrder(page, context, contact)
        // The confirmation tells the guest where to look the order up, with its number filled in.
        await open(page, stack.baseUrl, `/confirmation/${orderID}`)
        await visible(page, '.confirmation--success .confirmation__lookup-link').click(WAIT)
        await page.waitForURL(`${stack.baseUrl}/orderlookup?order=${orderID}`, WAIT)
        await visible(page, '.order-lookup input[name="orderID"]').waitFor(WAIT)
        assert.equal(await visible(page, '.order-lookup input[name="orderID"]').inputValue(), orderID)
        const found = await lookUp(page, null, contact.email.toUpperCase(), '(416) 555-0142')
        assert.equal(found.status, 200)
        const result = visible(page, '.order-lookup__result')
        await result.waitFor(WAIT)
        assert.equal((await result.locator('.order-fact--status .order-fact__value').innerText()).trim(), text.placed)
        assert.equal((await result.locator('.order-fact--payment .order-fact__value').innerText()).trim(), text.payAtStore)
        assert.deepEqual(
          (await result.locator('.order-line__name > :first-child').allInnerTexts()).map((name) => name.trim()),
          found.body.lines.map((line) => line.nameContent[language])
        )
        assert.equal(await result.locator('.order-detail__cancel').count(), 0, 'read-only')
        await context.close()
        assert.deepEqual(errors, [])

        // Another browser: a wrong e-mail gets the one message and keeps what was typed; the right e-mail finds it.
        const other = await openContext(browser, { viewport, language })
        await open(other.page, stack.baseUrl, '/orderlookup')
        assert.equal((await lookUp(other.page, orderID, 'someone.else@example.com', contact.phone)).status, 404)
        await visible(other.page, '.order-lookup').getByText(text.miss).waitFor(WAIT)
        assert.equal(await visible(other.page, '.order-lookup input[name="orderID"]').inputValue(), orderID)
        assert.equal(await visible(other.page, '.order-lookup input[name="email"]').inputValue(), 'someone.else@example.com')
        assert.equal((await lookUp(other.page, null, contact.email, contact.phone)).status, 200)
        await visible(other.page, '.order-lookup__result').waitFor(WAIT)
        await other.context.close()
        assert.deepEqual(other.errors, [])

        // A third browser: the receipt mail's link (its number and secret ref) opens the order without the form.
        const link = await receiptLink(contact.email, orderID)
        const third = await openContext(browser, { viewport, language })
        const answered = response(third.page, 'POST', '/common3/orderLookup')
        await open(third.page, stack.baseUrl, `${link.pathname}${link.search}`)
        const answer = await answered
        assert.deepEqual([answer.status(), answer.request().postDataJSON()], [200, { ref: link.searchParams.get('ref') }])
        await visible(third.page, '.order-lookup__result').waitFor(WAIT)
        await third.context.close()
        assert.deepEqual(third.errors, [])
      })
    }

    it('the footer is at most one screen tall on a 360×640 phone, its groups open one at a time; on a desktop all are open', async () => {
      const { context, page, errors } = await openContext(browser, { viewport: 'narrowPhone', language })
      await page.setViewportSize({ width: 360, height: 640 })
      await open(page, stack.baseUrl, '/')
      const footer = visible(page, '.footer')
      await footer.waitFor(WAIT)
      const height = async () => (await footer.boundingBox()).height
      assert.ok((await height()) <= 640, `footer ${await height()} px tall at 360×640`)
      const toggles = visible(page, '.footer__toggle')
      const groups = await toggles.count()
      assert.ok(groups > 0, 'the demo footer has link groups')
      assert.equal(await visible(page, '.footer__column--group .footer__links .footer__entry').count(), 0, 'every group starts closed')
      await toggles.first().click(WAIT)
      // Opened in the tap's own render: the state and the open group's links together (Taro's View had applied the class
      // a render later; src/components/taro/HtmlView.h5.tsx).
      assert.equal(await toggles.first().getAttribute('aria-expanded'), 'true')
      assert.ok((await visible(page, '.footer__column--group .footer__links .footer__entry').count()) > 0, 'the open group shows its links')
      assert.ok((await height()) <= 640 * 1.5, 'one open group keeps the footer short')
      await visible(page, '.footer__entry--link').filter({ hasText: language === 'en' ? 'Track an order' : '查询订单' }).click(WAIT)
      await page.waitForURL(`${stack.baseUrl}/orderlookup`, WAIT)
      await context.close()
      assert.deepEqual(errors, [])

      const desk = await openContext(browser, { viewport: 'desktop', language })
      await open(desk.page, stack.baseUrl, '/')
      await visible(desk.page, '.footer__column--group .footer__links .footer__entry').first().waitFor(WAIT)
      assert.equal(await visible(desk.page, '.footer__toggle').count(), 0, 'no accordion on a desktop')
      assert.ok((await visible(desk.page, '.footer__column--group .footer__links .footer__entry').count()) > 0, 'every group open on a desktop')
      await desk.context.close()
      assert.deepEqual(desk.errors, [])
    })
  })
}
