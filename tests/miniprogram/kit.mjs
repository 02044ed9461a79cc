/** What the mini-program journey files share: their server, launching a build for one journey, the device-clean check. */
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { after, before } from 'node:test'
import { fileURLToPath } from 'node:url'
import { distOf, launch } from './runtime.mjs'
import { startServer } from './server.mjs'
import { nodeArgs } from '../../server/tests/entry.mjs'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const STYLE_EXTENSION = { weapp: '.wxss', alipay: '.acss' }

/**
 * The declarations of the rule for `selector` (outside any media query) in the style sheets the build wrote under `dir`
 * ('' for the whole build, 'packages/checkout' for a sub-package), or null: what a page's layout rests on, since the
 * runner sees no layout.
 */
export function styleRule(kind, dir, selector) {
  const base = path.join(distOf(root, kind), dir)
  const sheets = readdirSync(base, { recursive: true }).filter((f) => f.endsWith(STYLE_EXTENSION[kind]))
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  for (const sheet of sheets) {
    const css = readFileSync(path.join(base, sheet), 'utf8').replace(/@media[^{]*\{(?:[^{}]*\{[^}]*\})*[^{}]*\}/g, '')
    const rule = new RegExp(`(?:^|[}\\s,])${escaped}\\s*\\{([^}]*)\\}`).exec(css)
    if (rule) return rule[1]
  }
  return null
}

/** The file's reference server (with the variables `env()` answers), started before its tests and stopped after them; `baseUrl` is there once it runs. */
export function serverForFile(env = () => ({})) {
  const server = {}
  before(async () => Object.assign(server, await startServer(env())))
  after(async () => server.stop?.())
  return server
}

/** Runs `journey` on a fresh launch of `kind` (own storage: a new shopper) against `serverUrl`, and closes it whatever happens. */
export async function runMiniProgram(kind, serverUrl, options, journey) {
  const mp = launch({ kind, dist: distOf(root, kind), serverUrl, ...options })
  try {
    await journey(mp)
  } finally {
    mp.close()
  }
}

/**
 * A provider's protocol double as a process (server/tests/doubles/<script>, given `args`): `info` is the JSON line it
 * prints (the store's variables for it, its control address); `stop()` ends it.
 */
export async function startDoubleProcess(script, args = []) {
  const child = spawn(process.execPath, [...nodeArgs(`tests/doubles/${script}`), ...args], { cwd: path.join(root, 'server'), stdio: ['ignore', 'pipe', 'inherit'] })
  const info = await new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
      if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))))
    })
    child.once('exit', (code) => reject(new Error(`the double ${script} exited with ${code}`)))
  })
  return {
    info,
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
  }
}

/** `withMiniProgram(kind, options, journey)` bound to a server whose URL is known only once it started. */
export const miniProgramsOn = (serverUrl) => (kind, options, journey) => runMiniProgram(kind, serverUrl(), options, journey)

export const SIGN_IN_BUTTON = { weapp: 'Sign in with WeChat', alipay: 'Sign in with Alipay' }
export const DEMO = { email: 'demo@istore.test', password: 'demopass123' }

/**
 * On the sign-in page, signs the demo shopper in with the platform (the launch's `answers.identity`): the first time
 * the new identity is linked to the demo account by e-mail, later it signs in by itself. Ends on the page the sign-in
 * page's `redirect` names.
 */
export async function signInWithPlatform(mp, kind) {
  await mp.waitForText(SIGN_IN_BUTTON[kind])
  mp.tap(SIGN_IN_BUTTON[kind])
  const loginPath = kind === 'weapp' ? '/wechat/login' : '/alipay/login'
  await mp.waitFor(() => requestsTo(mp, 'POST', loginPath).some((r) => r.status === 200), { what: `POST ${loginPath}` })
  if (requestsTo(mp, 'POST', loginPath)[0].response.identity === 'NEW') {
    await mp.settled()
    mp.input('emailID', DEMO.email)
    mp.input('password', DEMO.password)
    mp.tap(`Sign in and link ${kind === 'weapp' ? 'WeChat' : 'Alipay'}`)
  }
}

/** The requests of one method whose path starts with the API prefix and `pathPrefix`. */
export const requestsTo = (mp, method, pathPrefix) => mp.requests.filter((r) => r.method === method && r.path.startsWith(`/api/istore/client${pathPrefix}`))

/** Nothing threw, a device would have refused nothing, and every image shown can be loaded. */
export async function assertDeviceClean(mp) {
  assert.deepEqual(mp.errors.map((e) => `${e.where}: ${e.error?.stack ?? JSON.stringify(e.error)}`), [])
  assert.deepEqual(mp.consoleErrors, [])
  assert.deepEqual(mp.refusals, [])
  assert.deepEqual(await mp.unloadableImages(), [])
}

/** Where each platform's payment ends (WeChat: /confirmation with the mini-program return; Alipay: its checked page). */
export const CONFIRMATION = { weapp: 'pages/confirmation/index', alipay: 'pages/confirmationa/index' }

export const CONTACT = { firstName: 'Mei', lastName: 'Lin', email: 'mei@example.com', phone: '4165550123' }
export const PAGES = {
  home: 'pages/home/index',
  product: 'packages/store/pages/product/index',
  productList: 'packages/store/pages/productlist/index',
  cart: 'packages/checkout/pages/cart/index',
  checkout: 'packages/checkout/pages/index/index',
  login: 'packages/account/pages/login/index',
  orders: 'packages/user/pages/orders/index',
  liveRooms: 'pages/wechatlivestreamrooms/index'
}

export async function addHouseBlendToCart(mp) {
  await mp.waitForText('House Blend Coffee Beans 340g')
  mp.tap('House Blend Coffee Beans 340g')
  await mp.waitForPage(PAGES.product)
  await mp.waitForText('Whole bean')
  mp.tap('Whole bean')
  await mp.waitForText('in stock')
  mp.tap('Add to cart')
  await mp.waitFor(() => mp.textsOf('tab-bar__badge')[0] === '1', { what: 'the cart badge to show 1' })
}

/** From the cart badge to a placed pickup order at Downtown Toronto, second day, first slot, paid online. */
/** From the cart tab to the checkout page, once `until` shows there. Labels default to English. */
export async function openCheckoutFromCart(mp, { cart = 'Cart', checkout = 'Checkout', until = 'Place order' } = {}) {
  mp.tap(cart)
  await mp.waitForPage(PAGES.cart)
  await mp.waitForText(checkout)
  mp.tap(checkout)
  await mp.waitForPage(PAGES.checkout)
  await mp.waitForText(until)
}

export async function checkoutAsPickup(mp) {
  await openCheckoutFromCart(mp, { until: 'Pickup' })
  await choosePickup(mp)
  for (const [name, value] of Object.entries(CONTACT)) mp.input(name, value)
  mp.tap('Pay online')
  await mp.settled()
  mp.tap('Place order')
}

/** The texts of the checkout's options shown as chosen, every row of choices in document order. */
export const chosenOptions = (mp) => mp.textsOf('checkout-choices__option--active')

/**
 * With pickup and a store chosen: the second day offered (the first day's early times can be past while a test runs)
 * and its 09:00. The rows of choices are the method, the store, then the dates.
 */
export async function choosePickupSlot(mp) {
  const dates = () => mp.groupsOf('checkout-choices')[2]
  await mp.waitFor(() => dates()?.length > 1, { what: 'pickup dates' })
  mp.tap(dates()[1])
  await mp.waitForText('09:00')
  mp.tap('09:00')
}

/** At checkout: pickup (the page's word for it), at `store`, and a slot as choosePickupSlot picks it. */
export async function choosePickup(mp, { pickup = 'Pickup', store = 'Downtown Toronto' } = {}) {
  mp.tap(pickup)
  await mp.waitForText(store)
  mp.tap(store)
  await choosePickupSlot(mp)
}

/**
 * A signed-in shopper's pickup order at Downtown Toronto, paid at the store: from the cart to the plain confirmation
 * page (nothing to pay in a sheet, on both builds). Returns its order number.
 */
export async function placePickupPaidAtStore(mp) {
  const reserved = () => requestsTo(mp, 'POST', '/shoppingManagement4/reserve')
  const before = reserved().length
  await openCheckoutFromCart(mp, { until: 'Pickup' })
  await mp.settled()
  await choosePickup(mp)
  await mp.settled()
  mp.tap('Pay at store')
  await mp.settled()
  mp.tap('Place order')
  await mp.waitFor(() => reserved().length === before + 1, { what: 'the order reserved' })
  await mp.waitForPage(CONFIRMATION.weapp)
  await mp.settled()
  return String(reserved()[before].response.orderID)
}

/**
 * On House Blend's product page, whole bean into the cart, with the page's words for them (`grind`, `inStock`, `add`;
 * in Chinese the grind's name is inside the product's, so it waits for the option itself).
 */
export async function addHouseBlendOnItsPage(mp, { grind, inStock, add }) {
  await mp.waitFor(() => mp.texts().includes(grind), { what: 'the grind options' })
  mp.tap(grind)
  await mp.waitFor(() => mp.textsOf('option-picker__value--chosen')[0] === grind, { what: 'the grind chosen' })
  await mp.waitForText(inStock)
  await mp.settled()
  mp.tap(add)
  await mp.waitFor(() => mp.textsOf('tab-bar__badge')[0] === '1', { what: 'the cart badge to show 1' })
}
