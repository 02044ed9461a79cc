// Spec §2 "Scroll position is restored on navigation" (issue 28 item 3): a shopper who scrolled down a list and comes
// back to it is where they were: back from a product (Taro H5 hides the list page, and a hidden page loses its scroll);
// and /store after a checkout paid at the provider (a full page load) and the confirmation page's Continue Shopping
// (a relaunch of /store), showing what the shopper saw although the parts above the list load again after it.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { API, fillIn, open, response, visible, WAIT } from './steps.mjs'

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

/**
 * Where the shown page is: its scroll position and, for `expected.card` (a product id), where that product's card is on
 * screen (px from the top); answered when every other key of `expected` is as given (within a pixel), else null. Taro
 * H5 scrolls each page's own .taro_page; earlier pages stay in the DOM, hidden; between two pages none may be shown for a
 * frame. Evaluated in the page as a function: the app's Content-Security-Policy forbids evaluating strings there.
 */
function shownAt(expected) {
  const shown = [...document.querySelectorAll('.taro_router > .taro_page')].filter((el) => getComputedStyle(el).display !== 'none').at(-1)
  if (!shown) return null
  const card = expected.card ? shown.querySelector(`.product-card[data-product-id="${expected.card}"]`) : null
  const where = { top: Math.round(shown.scrollTop), cardTop: card ? Math.round(card.getBoundingClientRect().top) : null }
  return Object.entries(expected).every(([key, value]) => key === 'card' || Math.abs(where[key] - value) <= 1) ? where : null
}

async function scrollShownPage(page, top) {
  // Taro binds the page's scroll listener once the page has loaded; a page whose first screen was written into the HTML
  // shows before that.
  await page.waitForLoadState('networkidle')
  await visible(page, '.taro_router > .taro_page').last().evaluate((shown, to) => shown.scrollTo(0, to), top)
  // Scroll events are dispatched with the next frames: two frames on, the app has seen where the page is.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  assert.equal((await page.evaluate(shownAt, {})).top, top, 'the page is long enough to scroll there')
}

/** Waits until the shown page is as `expected` (shownAt); fails with where it is. */
async function waitForShown(page, expected) {
  try {
    await page.waitForFunction(shownAt, expected, WAIT)
  } catch {
    assert.fail(`the list is at ${JSON.stringify(await page.evaluate(shownAt, { card: expected.card }))}, not back at ${JSON.stringify(expected)}`)
  }
}

/** Where /store is scrolled to, and a product without options and in stock on screen there (seed catalogue). */
const STORE_TOP = 900
const ON_SCREEN_PRODUCT = '1003'

describe('scroll position restored when the shopper comes back to a list (phone)', () => {
  it('back from a product: the product list is where the shopper left it', { timeout: 90_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'en' })
    try {
      const url = '/store/productlist?cat=all&sort=name'
      await open(page, stack.baseUrl, url)
      const cards = visible(page, '.store-page .product-card')
      await cards.nth(11).waitFor(WAIT)
      await scrollShownPage(page, 900)
      // A card already on screen: clicking it must not scroll the list.
      const onScreen = await cards.evaluateAll((els) => els.findIndex((el) => el.getBoundingClientRect().top >= 80))
      assert.ok(onScreen > 0)
      await cards.nth(onScreen).click(WAIT)
      await page.waitForURL((u) => u.pathname.startsWith('/store/product/'), WAIT)
      // Back once the product page is there, as a shopper would: the address changes before the page has loaded.
      await visible(page, '.product-page').waitFor(WAIT)
      await page.goBack()
      await page.waitForURL(`${stack.baseUrl}${url}`, WAIT)
      await waitForShown(page, { top: 900 })
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  })

  it('/store after a checkout paid in the sandbox: Continue Shopping brings the shopper back where they were', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'en' })
    try {
      await open(page, stack.baseUrl, '/store')
      const cards = visible(page, '.store-page .product-card')
      await cards.nth(11).waitFor(WAIT)
      await scrollShownPage(page, STORE_TOP)
      // A product without options, in stock, on screen there (seed catalogue): tapping it does not scroll the list.
      const card = visible(page, `.store-page .product-card[data-product-id="${ON_SCREEN_PRODUCT}"]`)
      const { cardTop } = await page.evaluate(shownAt, { card: ON_SCREEN_PRODUCT })
      assert.ok(cardTop >= 0 && cardTop + (await card.boundingBox()).height <= page.viewportSize().height, `product ${ON_SCREEN_PRODUCT} is on screen at ${STORE_TOP}`)
      await card.click(WAIT)
      await page.waitForURL((u) => u.pathname === `/store/product/${ON_SCREEN_PRODUCT}`, WAIT)
      const added = response(page, 'POST', '/shoppingManagement4/myCart')
      // The button is aria-disabled until the product's stock is known; a tap before that adds nothing.
      await visible(page, '.product-page__add[role="button"]:not([aria-disabled="true"])').click(WAIT)
      assert.equal((await added).status(), 200)

      await payPickupOrderInSandbox(page)
      await visible(page, '.confirmation--success .confirmation__button').getByText('Continue Shopping', { exact: true }).click(WAIT)
      await page.waitForURL(`${stack.baseUrl}/store`, WAIT)
      // What the shopper saw: the product they tapped where it was, once the parts above the list (campaigns, brands)
      // have loaded, and the page still at the position (nothing moved it while they arrived).
      await waitForShown(page, { top: STORE_TOP, card: ON_SCREEN_PRODUCT, cardTop })
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  })
})

/**
 * A guest's pickup order paid online: the checkout sends the shopper to the sandbox provider's page (leaving the app), and
 * its Pay button back to the confirmation page, which starts the app afresh.
 */
async function payPickupOrderInSandbox(page) {
  await open(page, stack.baseUrl, '/checkout')
  /** Picks the option of a row with that value, or the n-th (0-based), and waits until it shows as chosen. */
  const choose = async (name, valueOrNth) => {
    const options = visible(page, `.checkout-choices__option[data-name="${name}"]`)
    const option = typeof valueOrNth === 'number' ? options.nth(valueOrNth) : options.and(page.locator(`[data-value="${valueOrNth}"]`))
    const value = await option.getAttribute('data-value', WAIT)
    await option.click(WAIT)
    await visible(page, `.checkout-choices__option[data-name="${name}"][data-value="${value}"][aria-checked="true"]`).waitFor(WAIT)
  }
  const method = response(page, 'POST', '/shoppingManagement4/updateOrderMethod')
  await choose('method', 'PICKUP')
  assert.equal((await method).status(), 200)
  await choose('store', 'TOR-DT')
  // A slot on the second day offered: the first day's earliest times can fall inside the lead time while a test runs.
  await choose('pickupDate', 1)
  await choose('pickupTime', 0)
  for (const [name, value] of Object.entries({ firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.com', phone: '416-555-0177' })) {
    await fillIn(page, '.checkout', name, value)
  }
  await choose('payment', 'ONLINE')
  await choose('paymentMethod', 'WECHAT_PAY')
  await visible(page, '#checkout-place-order').click(WAIT)
  await page.waitForURL((url) => url.pathname.startsWith(`${API}/sandbox/pay/`), WAIT)
  await page.locator('#sandbox-pay').click(WAIT)
  await page.waitForURL((url) => url.pathname.startsWith('/confirmation'), WAIT)
  await visible(page, '.confirmation--success').waitFor(WAIT)
}
