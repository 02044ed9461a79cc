/**
 * Loopback load on the reference server with autocannon (the server's own dev dependency):
 * product list, product detail and add-to-cart, each beside the server's constant-JSON floor
 * route, bounded both in requests and in seconds.
 */
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { repoRoot } from './server.mjs'

const autocannon = createRequire(path.join(repoRoot, 'server', 'package.json'))('autocannon')
const API = '/api/istore/client'

/**
 * Each route runs for a fixed time (autocannon reports in whole-second ticks, so a short count-bound
 * run would misstate the rate), capped in requests too; a short warm-up run comes first.
 */
export const LOAD = { connections: 50, seconds: 5, maxRequests: 50_000, warmupSeconds: 1 }
/** Distinct guest carts the add-to-cart run rotates through (one cart per shopper, as in real life). */
const CART_SESSIONS = 200

function run(opts) {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    autocannon({ connections: LOAD.connections, pipelining: 1, ...opts }, (err, result) =>
      err ? reject(err) : resolve({ ...result, wallSeconds: (performance.now() - started) / 1000 })
    )
  })
}

function summary(result, loadAverage) {
  const total = result.requests.total
  return {
    /** The machine's 1-minute load average as the run started (2 cores, shared: above 2, others competed for them). */
    loadAverage,
    requests: total,
    seconds: Number(result.wallSeconds.toFixed(2)),
    rps: Math.round(total / result.wallSeconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    /** the tail beyond p99 (a stall of the machine shows here first) */
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts
  }
}

/** A warm-up run, then the measured one (opts may set autocannon's connections; default LOAD.connections). */
export async function measure(opts) {
  await run({ ...opts, duration: LOAD.warmupSeconds, maxOverallRequests: LOAD.maxRequests })
  const loadAverage = Number(os.loadavg()[0].toFixed(2))
  return summary(await run({ ...opts, duration: LOAD.seconds, maxOverallRequests: LOAD.maxRequests }), loadAverage)
}

async function json(res) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`)
  return res.json()
}

/** A guest with a cart: XSRF cookie from a GET, session cookie from the first add. */
async function guestCart(baseUrl, productId) {
  const first = await fetch(`${baseUrl}${API}/common3/appInfoInit`)
  await first.arrayBuffer()
  const cookies = new Map()
  const keep = (res) => res.headers.getSetCookie().forEach((c) => {
    const [pair] = c.split(';')
    const eq = pair.indexOf('=')
    cookies.set(pair.slice(0, eq), pair.slice(eq + 1))
  })
  keep(first)
  const xsrf = cookies.get('XSRF-TOKEN')
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const add = await fetch(`${baseUrl}${API}/shoppingManagement4/myCart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: header(), 'x-xsrf-token': xsrf },
    body: JSON.stringify({ productId, quantity: 1 })
  })
  keep(add)
  await json(add)
  return { cookie: header(), xsrf }
}

/** The catalogue's subjects: the first category and, for the cart, the option-less product with most stock. */
export async function loadSubjects(baseUrl) {
  const { categories } = await json(await fetch(`${baseUrl}${API}/productManagement/categories`))
  const category = categories[0].name
  const { products } = await json(await fetch(`${baseUrl}${API}/productManagement2/products?numberToLoad=100`))
  // Add-ons (gift wrapping, bags) are kept out of the catalogue list but carry the deepest stock: candidates too.
  const { products: addOns } = await json(await fetch(`${baseUrl}${API}/productManagement2/products/addon`))
  const plain = [...products, ...addOns].filter((p) => p.options.length === 0 && !p.soldOut)
  const cartProduct = plain.reduce((best, p) => (p.stock > best.stock ? p : best), plain[0])
  const perCart = Math.ceil((2 * LOAD.maxRequests) / CART_SESSIONS) + 1
  if (cartProduct.stock < perCart) throw new Error(`add-to-cart load needs a product with ${perCart} in stock; best is ${cartProduct.stock}`)
  // The shopper load buys the catalogue's own best-stocked plain product, so it sells out under 200 shoppers.
  const catalogue = products.filter((p) => p.options.length === 0 && !p.soldOut)
  const sellOutProduct = catalogue.reduce((best, p) => (p.stock > best.stock ? p : best), catalogue[0])
  return { category, product: products[0], cartProduct, sellOutProduct }
}

export async function serverLoad(baseUrl, subjects) {
  const { category, product, cartProduct } = subjects
  const floor = await measure({ url: `${baseUrl}${API}/bench/floor` })
  const list = await measure({ url: `${baseUrl}${API}/productManagement2/products?categoryName=${encodeURIComponent(category)}&startingPosition=0&numberToLoad=12` })
  const detail = await measure({ url: `${baseUrl}${API}/productManagement/product/${product.id}` })
  const addToCart = await addToCartLoad(baseUrl, cartProduct)
  const ratio = (r) => Number((r.p99Ms / Math.max(floor.p99Ms, 1)).toFixed(2))
  return {
    floor,
    productList: { ...list, p99VsFloor: ratio(list) },
    productDetail: { ...detail, p99VsFloor: ratio(detail) },
    addToCart: { ...addToCart, p99VsFloor: ratio(addToCart) }
  }
}

/** Only the constant route and add to cart (for comparing server versions back to back). */
export async function cartWriteLoad(baseUrl, cartProduct) {
  const floor = await measure({ url: `${baseUrl}${API}/bench/floor` })
  const addToCart = await addToCartLoad(baseUrl, cartProduct)
  return { floor, addToCart: { ...addToCart, p99VsFloor: Number((addToCart.p99Ms / Math.max(floor.p99Ms, 1)).toFixed(2)) } }
}

/** Add to cart at LOAD.connections, rotating through CART_SESSIONS guest carts that already hold the product. */
export async function addToCartLoad(baseUrl, cartProduct) {
  const carts = []
  for (let i = 0; i < CART_SESSIONS; i++) carts.push(await guestCart(baseUrl, cartProduct.id))
  let next = 0
  const body = JSON.stringify({ productId: cartProduct.id, quantity: 1 })
  return measure({
    url: baseUrl,
    requests: [{
      method: 'POST',
      path: `${API}/shoppingManagement4/myCart`,
      setupRequest(req) {
        const cart = carts[next++ % carts.length]
        return { ...req, body, headers: { 'content-type': 'application/json', cookie: cart.cookie, 'x-xsrf-token': cart.xsrf } }
      }
    }]
  })
}
