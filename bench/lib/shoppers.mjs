/**
 * Many shoppers at once, each through the whole journey a phone makes: app info, the product list, a product, add to
 * cart, pickup details, reserve, pay in the sandbox, order status. Reports p99 per step, errors, and the books:
 * every order the sandbox confirmed is paid on the server (none lost), and stock fell by exactly the paid units
 * (nothing oversold). A shopper refused because the product sold out is counted apart: that is the right answer.
 */
const API = '/api/istore/client'

/**
 * The load comes from one loopback address, which the server's guest hold limit (a few open reservations per address,
 * security probe finding 6) would refuse after five: the load server raises it, as a store behind a proxy sees many.
 */
export const SHOPPER_LOAD_ENV = { RESERVATION_MAX_OPEN_PER_ADDRESS: '1000' }

/** Tomorrow in the store's time zone (the demo store's pickup slots start then). */
function tomorrow(timeZone = 'America/Toronto') {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + 86_400_000))
}

function percentile(values, p) {
  if (!values.length) return null
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)])
}

class Client {
  cookies = new Map()
  constructor(baseUrl, timings) {
    this.baseUrl = baseUrl
    this.timings = timings
  }
  async call(step, method, path, body) {
    const headers = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
    if (this.cookies.has('XSRF-TOKEN')) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')
    if (body !== undefined) headers['content-type'] = 'application/json'
    const url = path.startsWith('http') ? path : `${this.baseUrl}${API}${path}`
    const started = performance.now()
    const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    const text = await res.text()
    ;(this.timings[step] ??= []).push(performance.now() - started)
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const eq = pair.indexOf('=')
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1))
    }
    const data = text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text
    return { status: res.status, data }
  }
}

async function journey(baseUrl, product, timings) {
  const c = new Client(baseUrl, timings)
  const ok = (r, step) => {
    if (r.status !== 200) throw Object.assign(new Error(`${step}: ${r.status} ${JSON.stringify(r.data).slice(0, 200)}`), { status: r.status })
    return r.data
  }
  ok(await c.call('app info', 'GET', '/common3/appInfoInit'), 'app info')
  ok(await c.call('product list', 'GET', '/productManagement2/products?startingPosition=0&numberToLoad=12'), 'product list')
  ok(await c.call('product', 'GET', `/productManagement/product/${product.id}`), 'product')
  const added = await c.call('add to cart', 'POST', '/shoppingManagement4/myCart', { productId: product.id, quantity: 1 })
  if (added.status === 409) return { soldOut: true }
  ok(added, 'add to cart')
  ok(await c.call('checkout details', 'POST', '/shoppingManagement4/updateOrderMethod', { method: 'PICKUP' }), 'method')
  ok(await c.call('checkout details', 'POST', '/shoppingManagement4/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP', {
    firstName: 'Load', lastName: 'Shopper', email: 'load@example.com', phone: '416-555-0199'
  }), 'contact')
  ok(await c.call('checkout details', 'POST', '/shoppingManagement4/orderPickupDateTime', { date: tomorrow(), time: '10:30' }), 'pickup time')
  const reserve = await c.call('reserve', 'POST', '/shoppingManagement4/reserve')
  if (reserve.status === 409) return { soldOut: true }
  const { orderID } = ok(reserve, 'reserve')
  const { redirectUrl } = ok(await c.call('start payment', 'POST', '/shoppingManagement4/requestOTTH5Payment', { orderID }), 'start payment')
  ok(await c.call('pay (sandbox)', 'POST', `${baseUrl}${new URL(redirectUrl).pathname}/pay`), 'pay')
  const status = ok(await c.call('order status', 'GET', `/common3/orderStatus/${orderID}`), 'order status')
  return { orderID, paid: status.paymentStatus === 'PAID_ONLINE', client: c }
}

/** `shoppers` journeys at once against `baseUrl`, on the option-less product with the given stock. */
export async function shopperLoad(baseUrl, product, shoppers = 200) {
  const stockOf = async () => (await (await fetch(`${baseUrl}${API}/productManagement/product/${product.id}`)).json()).stock
  const before = await stockOf()
  const timings = {}
  const results = await Promise.all(Array.from({ length: shoppers }, () => journey(baseUrl, product, timings).catch((err) => ({ error: err.message }))))
  const paid = results.filter((r) => r.paid)
  // None lost: every confirmed payment is still a paid order, asked afresh.
  let lost = 0
  for (const r of paid) {
    const again = await r.client.call('recheck', 'GET', `/common3/orderStatus/${r.orderID}`)
    if (again.status !== 200 || again.data.paymentStatus !== 'PAID_ONLINE') lost++
  }
  const after = await stockOf()
  delete timings.recheck
  return {
    shoppers,
    paid: paid.length,
    soldOut: results.filter((r) => r.soldOut).length,
    errors: results.filter((r) => r.error).map((r) => r.error).slice(0, 5),
    errorCount: results.filter((r) => r.error).length,
    lostOrders: lost,
    stock: { before, after, paidUnits: paid.length, oversold: after < 0 || before - after !== paid.length },
    p99Ms: Object.fromEntries(Object.entries(timings).map(([step, values]) => [step, percentile(values, 99)]))
  }
}
