/**
 * Issue 18 item 4.11 on the production builds of both mini-programs: an order placed as a guest (in a browser, over the
 * API) is found again on the lookup page with its number and the checkout e-mail; a wrong e-mail gets the one message
 * and keeps what was typed.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
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
    it('the receipt link opens the lookup with the number; a wrong e-mail is one message, the right one shows the order', async () => {
      const contact = { firstName: 'Guest', lastName: 'Lookup', email: `mp-lookup-${kind}@example.com`, phone: '416-555-0142' }
      const orderID = await guestOrder(contact)
      await runMiniProgram(kind, server.baseUrl, { entry: `${LOOKUP}?order=${orderID}`, device: 'android' }, async (mp) => {
        await mp.waitForText('Find my order')
        await mp.settled()
        mp.input('contact', 'someone.else@example.com')
        await mp.settled()
        mp.tap('Find my order')
        await mp.waitForText('No order matches that number and e-mail.')
        const [miss] = requestsTo(mp, 'POST', '/common3/orderLookup')
        assert.equal(miss.status, 404)
        assert.deepEqual(miss.body, { orderID, contact: 'someone.else@example.com' })

        mp.input('contact', contact.email)
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
  })
}
