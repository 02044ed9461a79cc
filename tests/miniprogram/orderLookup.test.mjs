/**
 * Issue 18 item 4.11 and issue 38 item 2 on the production builds of both mini-programs: an order placed as a guest (in
 * a browser, over the API) is found again on the lookup page with its number and the checkout e-mail and phone; a wrong
 * e-mail gets the one message and keeps what was typed. The receipt mail's link (with its `ref`) opens the order at once.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fs from 'node:fs'
import path from 'node:path'
import { assertDeviceClean, requestsTo, runMiniProgram, serverForFile } from './kit.mjs'

const LOOKUP = 'packages/user/pages/orderlookup/index'
const API = '/api/istore/client'

const server = serverForFile()

/** A guest's pickup order paid at the store, placed from a browser session of its own (cookies and XSRF kept here). */
async function guestOrder(contact) {
  const cookies = new Map()
  const call = async (method, path, body) => {
    const headers = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': 'application/json' }
    if (cookies.has('XSRF-TOKEN')) headers['x-xsrf-token'] = decodeURIComponent(cookies.get('XSRF-TOKEN'))
    const res = await fetch(`${server.baseUrl}${API}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1))
    }
    assert.equal(res.status, 200, `${method} ${path}: ${await res.clone().text()}`)
    return res.json()
  }
  await call('GET', '/health')
  await call('POST', '/shoppingManagement4/myCart', { productId: '1003', quantity: 1 })
  await call('POST', '/shoppingManagement4/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP', contact)
  const { orderID } = await call('POST', '/shoppingManagement4/reserve', {})
  await call('POST', `/shoppingManagement4/billing/${orderID}`, { method: 'PAY_AT_STORE' })
  return orderID
}

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: guest order lookup`, () => {
    it('the lookup with the number filled in; a wrong e-mail is one message, the right e-mail and phone show the order', async () => {
      const contact = { firstName: 'Guest', lastName: 'Lookup', email: `mp-lookup-${kind}@example.com`, phone: '416-555-0142' }
      const orderID = await guestOrder(contact)
      await runMiniProgram(kind, server.baseUrl, { entry: `${LOOKUP}?order=${orderID}`, device: 'android' }, async (mp) => {
        await mp.waitForText('Find my order')
        await mp.settled()
        mp.input('email', 'someone.else@example.com')
        mp.input('phone', contact.phone)
        await mp.settled()
        mp.tap('Find my order')
        await mp.waitForText('No order matches that number, e-mail and phone.')
        const [miss] = requestsTo(mp, 'POST', '/common3/orderLookup')
        assert.equal(miss.status, 404)
        assert.deepEqual(miss.body, { orderID, email: 'someone.else@example.com', phone: contact.phone })

        mp.input('email', contact.email)
        await mp.settled()
        mp.tap('Find my order')
        await mp.waitForText('Look up another order')
        const found = requestsTo(mp, 'POST', '/common3/orderLookup')[1]
        assert.equal(found.status, 200)
        assert.equal(found.response.orderID, orderID)
        assert.ok(mp.text().includes(`Order ${orderID}`), mp.text())
        assert.ok(mp.text().includes('Placed'), mp.text())
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it('the receipt mail\'s link (number and ref) opens the order without the form', async () => {
      const contact = { firstName: 'Guest', lastName: 'Receipt', email: `mp-receipt-${kind}@example.com`, phone: '416-555-0143' }
      const orderID = await guestOrder(contact)
      const link = await receiptLink(contact.email, orderID)
      const ref = link.searchParams.get('ref')
      await runMiniProgram(kind, server.baseUrl, { entry: `${LOOKUP}?order=${orderID}&ref=${ref}`, device: 'android' }, async (mp) => {
        await mp.waitForText('Look up another order')
        const [found] = requestsTo(mp, 'POST', '/common3/orderLookup')
        assert.deepEqual([found.status, found.body, found.response.orderID], [200, { ref }, orderID])
        assert.ok(mp.text().includes(`Order ${orderID}`), mp.text())
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })
  })
}

/** The lookup link of the order's receipt mail, read from the server's outbox (no SMTP_URL). */
async function receiptLink(email, orderID) {
  const outbox = path.join(server.dataDir, 'outbox')
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
    await new Promise((r) => setTimeout(r, 100))
  }
}
