// Spec §2 "Scroll position is restored on navigation" (issue 28 item 3): a shopper who scrolled down a list and comes
// back to it is where they were: back from a product (Taro H5 hides the list page, and a hidden page loses its scroll).
// The confirmation buttons' return (the list opened afresh, after a full page load) is covered by the hook's jest test
// (tests/components/foundation/scrollRestore.test.tsx).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { open, visible, WAIT } from './steps.mjs'

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

/** Taro H5 scrolls each page's own .taro_page; earlier pages stay in the DOM, hidden. */
const SHOWN_PAGE = () => [...document.querySelectorAll('.taro_router > .taro_page')].filter((el) => getComputedStyle(el).display !== 'none').at(-1)

async function scrollShownPage(page, top) {
  // Taro binds the page's scroll listener once the page has loaded; a page whose first screen was written into the HTML
  // shows before that.
  await page.waitForLoadState('networkidle')
  await page.evaluate(`(${SHOWN_PAGE})().scrollTo(0, ${top})`)
  // Scroll events are dispatched with the next frames: two frames on, the app has seen where the page is.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  assert.equal(await shownScrollTop(page), top, 'the page is long enough to scroll there')
}

const shownScrollTop = (page) => page.evaluate(`Math.round((${SHOWN_PAGE})().scrollTop)`)

/**
 * Waits until the shown page is scrolled to `top` (within a pixel); fails with where it is. Between two pages no page
 * may be shown for a frame: the condition is then false, not an error (an error ends waitForFunction at once).
 */
async function waitForScrollTop(page, top) {
  try {
    await page.waitForFunction(`Math.abs((${SHOWN_PAGE})()?.scrollTop - ${top}) <= 1`, undefined, WAIT)
  } catch {
    assert.fail(`the list is at ${await shownScrollTop(page)}, not back at ${top}`)
  }
}

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
      await page.goBack()
      await page.waitForURL(`${stack.baseUrl}${url}`, WAIT)
      await waitForScrollTop(page, 900)
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  })
})
