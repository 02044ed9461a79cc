// Issue 29 finish pass (product page polish, m-15), in headless Chromium against the real server: on a phone the product
// page keeps its price and Add to cart in a bar at the screen's foot, standing on the tab bar, on screen before and after
// scrolling, with the page's end kept clear of it; Add to cart there still names a missing option (and brings the
// options into view), adds a chosen pair (the tab bar's badge counts it), and a sold-out product's bar says so with the
// back-in-stock form still uncovered. On a laptop (1366×768) the buy box stays in the page, with no bar, and home's
// shorter hero leaves the first product card in the first screen while phones keep the hero's shape.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { API, shopperSteps, visible, WAIT } from './shopper.mjs'

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

const { open } = shopperSteps(() => stack.baseUrl)

// Seed catalogue (server/src/seed/demo-catalogue.json): the hoodie has a size and a colour; the sampler is sold out.
const HOODIE = '1040'
const SOLD_OUT = '1007'
const TEXT = {
  en: { add: 'Add to cart', soldOut: 'Sold out', choose: (name) => `Please choose: ${name}` },
  zh: { add: '加入购物车', soldOut: '已售罄', choose: (name) => `请先选择${name}` }
}

async function api(path) {
  const res = await fetch(`${stack.baseUrl}${API}${path}`)
  assert.equal(res.status, 200, path)
  return res.json()
}

/** Gives the page `window.pageScroller()`: the box that scrolls the product page (Taro's page box, else the document). */
function definePageScroller() {
  window.pageScroller = () => {
    for (let el = document.querySelector('.product-page'); el; el = el.parentElement) {
      const overflow = getComputedStyle(el).overflowY
      if ((overflow === 'auto' || overflow === 'scroll') && el.scrollHeight > el.clientHeight) return el
    }
    return document.scrollingElement
  }
}

/** Where the bar, its button, the tab bar and the page's end are on the screen, and how far the page is scrolled. */
const barLayout = (page) =>
  page.evaluate(() => {
    const scroller = window.pageScroller()
    const box = (selector) => {
      const el = [...document.querySelectorAll(selector)].find((e) => e.offsetParent || getComputedStyle(e).position === 'fixed')
      if (!el) return null
      const r = el.getBoundingClientRect()
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height }
    }
    const bar = document.querySelector('.product-page__buy-bar')
    return {
      scrollY: scroller.scrollTop,
      maxScrollY: scroller.scrollHeight - scroller.clientHeight,
      innerHeight: window.innerHeight,
      innerWidth: window.innerWidth,
      position: getComputedStyle(bar).position,
      bar: box('.product-page__buy-bar'),
      add: box('.product-page__buy-bar .product-page__add'),
      price: document.querySelector('.product-page__buy-bar .product-page__bar-price .price__now')?.textContent ?? null,
      pagePrice: document.querySelector('.product-page__prices .product-page__price .price__now')?.textContent ?? null,
      tabBar: box('.tab-bar'),
      cart: box('.product-page__buy-bar .product-page__bar-cart'),
      // The last things the page shows: the product page's own end and the shell's footer after it.
      pageEnd: box('.product-page'),
      footerEnd: box('.footer')
    }
  })

/**
 * Scrolls the page to its end and waits until it is there. The page's later parts (add-ons, rich detail, related
 * products) arrive by their own requests and lengthen it, so it first waits for those, and it scrolls again on each
 * check: one scroll made before the page grew would leave it short of the end for good (a CI run timed out so).
 */
async function scrollToEnd(page) {
  await page.waitForLoadState('networkidle', WAIT)
  await page.waitForFunction(() => {
    const scroller = window.pageScroller()
    scroller.scrollTop = scroller.scrollHeight
    return scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop <= 1
  }, undefined, WAIT)
}

describe('the product page on a phone: a buy bar at the foot of the screen (issue 29 polish)', () => {
  for (const language of ['en', 'zh']) {
    const text = TEXT[language]
    it(`${language}: at 390×844 the price and Add to cart stay on the tab bar while scrolling, the page's end clear of them; a missing option is asked for and shown, a chosen pair is added`, { timeout: 120_000 }, async () => {
      const product = await api(`/productManagement/product/${HOODIE}`)
      const { variants } = await api(`/productDetailManagement/productDetail/${HOODIE}`)
      const pair = [...variants].sort((a, b) => b.available - a.available)[0]
      assert.ok(pair.available > 0, `stock of ${pair.optionPair}`)
      const { context, page, errors } = await openContext(browser, { viewport: 'phone', language })
      try {
        await page.addInitScript(definePageScroller)
        await open(page, `/store/product/${HOODIE}`)
        const add = visible(page, '.product-page__buy-bar .product-page__add')
        await add.filter({ hasText: text.add }).waitFor(WAIT)
        await visible(page, '.option-picker').waitFor(WAIT)
        // The page's later parts (add-ons, related products) come by their own requests, and the page grows when they
        // are drawn: measured before, its end was short (a CI run, in zh), and a run on a busy machine scrolled to the
        // end before the related products came and found the footer 313 px under the bar. So the test waits until
        // the parts the server has for this product are on the page.
        const [related, addOns] = await Promise.all([
          api(`/productManagement2/products/relatedProducts/${HOODIE}`),
          api(`/productManagement2/products/addon?tagName=addon&productIds=${HOODIE}`)
        ])
        assert.ok(related.products.length > 0, 'the demo hoodie has related products')
        await visible(page, '.product-page .product-row .product-card').first().waitFor(WAIT)
        if (addOns.products.some((p) => !p.soldOut)) await visible(page, '.product-page .add-on-list').waitFor(WAIT)
        await page.waitForLoadState('networkidle', WAIT)
        await page.waitForFunction(() => {
          const scroller = window.pageScroller()
          return scroller.scrollHeight - scroller.clientHeight > window.innerHeight
        }, undefined, WAIT)

        // The first screen, unscrolled: the whole bar on screen, at the screen's foot in the tab bar's place (issue 42
        // n-16: the page has no tab bar; the bar holds the cart), across the screen.
        const first = await barLayout(page)
        assert.equal(first.scrollY, 0)
        assert.equal(first.position, 'fixed')
        assert.ok(first.bar.top >= 0 && first.bar.bottom <= first.innerHeight, `bar at ${first.bar.top}..${first.bar.bottom} of ${first.innerHeight}`)
        assert.equal(first.tabBar, null, 'no tab bar under the buy bar')
        assert.ok(Math.abs(first.bar.bottom - first.innerHeight) <= 1, `bar ends at ${first.bar.bottom} of ${first.innerHeight}`)
        assert.ok(first.cart && first.cart.left >= first.bar.left && first.cart.right <= first.add.left, 'the cart link in the bar, before Add to cart')
        assert.deepEqual([first.bar.left, first.bar.right], [0, first.innerWidth])
        assert.ok(first.add.top >= first.bar.top && first.add.bottom <= first.bar.bottom, 'Add to cart inside the bar')
        // The price a shopper who is not a member pays, as the page shows it above.
        assert.match(first.price, /\d/)
        assert.equal(first.price, first.pagePrice)

        // Scrolled to the end: the bar has not moved, and nothing of the page or its footer is left under it.
        await scrollToEnd(page)
        const end = await barLayout(page)
        assert.deepEqual(end.bar, first.bar)
        assert.ok(end.pageEnd.bottom <= end.bar.top + 0.5, `page ends at ${end.pageEnd.bottom}, bar starts at ${end.bar.top}`)
        assert.ok(end.footerEnd.bottom <= end.bar.top + 0.5, `footer ends at ${end.footerEnd.bottom}, bar starts at ${end.bar.top}`)

        // Add to cart from down there with no size chosen: the first option is named, on screen above the bar, and
        // nothing is sent.
        let posts = 0
        const countPosts = (req) => void (req.method() === 'POST' && req.url().includes('/shoppingManagement4/myCart') && posts++)
        page.on('request', countPosts)
        await add.click()
        const firstOption = product.options[0].nameContent[language]
        const message = visible(page, '.product-page__error[role="alert"]').filter({ hasText: text.choose(firstOption) })
        await message.waitFor(WAIT)
        await page.waitForFunction(
          () => {
            const bar = document.querySelector('.product-page__buy-bar').getBoundingClientRect()
            const inView = (el) => {
              const r = el.getBoundingClientRect()
              return r.top >= 0 && r.bottom <= bar.top
            }
            return inView(document.querySelector('.option-picker__option')) && inView(document.querySelector('.product-page__error[role="alert"]'))
          },
          undefined,
          WAIT
        )
        page.off('request', countPosts)
        assert.equal(posts, 0, 'no pair chosen: nothing added')

        // The pair chosen, Add to cart in the bar adds it: the bar's cart counts one, and leads to the cart.
        for (const [option, value] of pair.optionPair.split(',').map((part) => part.split(':'))) {
          await visible(page, `.option-picker__value[data-option="${option}"][data-value="${value}"]`).click()
          await visible(page, `.option-picker__value--chosen[data-option="${option}"][data-value="${value}"]`).waitFor(WAIT)
        }
        await visible(page, '.product-page__stock--ok').waitFor(WAIT)
        const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`${API}/shoppingManagement4/myCart`), WAIT)
        await visible(page, '.product-page__buy-bar .product-page__add:not([disabled])').click()
        const res = await posted
        assert.equal(res.status(), 200)
        assert.deepEqual(res.request().postDataJSON(), { productId: HOODIE, quantity: 1, optionPair: pair.optionPair })
        await visible(page, '.product-page__bar-cart .product-page__bar-badge').filter({ hasText: /^1$/ }).waitFor(WAIT)
        await visible(page, '.product-page__bar-cart').click()
        await page.waitForURL(/\/checkout\/cart/, WAIT)
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })

    it(`${language}: a sold-out product's bar says sold out, and its back-in-stock form can be scrolled clear of the bar`, async () => {
      const { context, page, errors } = await openContext(browser, { viewport: 'phone', language })
      try {
        await open(page, `/store/product/${SOLD_OUT}`)
        const add = visible(page, '.product-page__buy-bar .product-page__add')
        await add.filter({ hasText: text.soldOut }).waitFor(WAIT)
        assert.equal(await add.getAttribute('disabled'), '')
        const input = visible(page, '.restock-alert input[name="restockEmail"]')
        await input.waitFor(WAIT)
        await input.evaluate((el) => el.scrollIntoView({ block: 'center' }))
        // What a tap at the field's centre reaches: the field, not the bar.
        const reached = await input.evaluate((el) => {
          const r = el.getBoundingClientRect()
          return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el
        })
        assert.equal(reached, true)
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }
})

describe('the product page and home on a laptop (1366×768)', () => {
  it('the product page keeps its two-column buy box, Add to cart in its right-hand column, and no bar', async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'desktop' })
    try {
      await page.setViewportSize({ width: 1366, height: 768 })
      await open(page, `/store/product/${HOODIE}`)
      const add = visible(page, '.product-page__add')
      await add.waitFor(WAIT)
      const layout = await page.evaluate(() => {
        const bar = document.querySelector('.product-page__buy-bar')
        const main = document.querySelector('.product-page__main').getBoundingClientRect()
        const addBox = document.querySelector('.product-page__add').getBoundingClientRect()
        return {
          position: getComputedStyle(bar).position,
          shadow: getComputedStyle(bar).boxShadow,
          barPriceShown: !!document.querySelector('.product-page__bar-price')?.offsetParent,
          fixed: [...document.querySelectorAll('.shell *')].filter((el) => getComputedStyle(el).position === 'fixed' && el.getBoundingClientRect().height > 0).map((el) => el.className),
          addInMain: addBox.left >= main.left && addBox.right <= main.right && addBox.top >= main.top && addBox.bottom <= main.bottom
        }
      })
      assert.equal(layout.position, 'static')
      assert.equal(layout.shadow, 'none')
      assert.equal(layout.barPriceShown, false, 'the price once, above, in the buy box')
      assert.deepEqual(layout.fixed, [])
      assert.ok(layout.addInMain, 'Add to cart in the right-hand column')
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })

  it("home's hero leaves the first product card's top inside the first 768 px", async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'desktop' })
    try {
      await page.setViewportSize({ width: 1366, height: 768 })
      await open(page, '/')
      await visible(page, '.home-page .product-row .product-card').first().waitFor(WAIT)
      await visible(page, '.campaign-card').first().waitFor(WAIT)
      const top = await page.evaluate(() => [...document.querySelectorAll('.home-page .product-card')].find((el) => el.offsetParent).getBoundingClientRect().top)
      assert.ok(top < 768, `first product card at y = ${top}`)
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })

  for (const viewport of ['narrowPhone', 'phone']) {
    it(`on a phone (${viewport}) the hero keeps its shape: 0.45 of the screen's width`, async () => {
      const { context, page, errors } = await openContext(browser, { viewport })
      try {
        await open(page, '/')
        await visible(page, '.home-banner').waitFor(WAIT)
        const { width, height } = await page.evaluate(() => document.querySelector('.home-banner').getBoundingClientRect())
        assert.ok(Math.abs(height - width * 0.45) <= 0.5, `hero ${width}×${height}`)
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }
})

// Issue 42 N-3: "Added to your cart · View cart" was drawn behind the phone's buy bar, so nothing visible answered the
// tap. Now it stands on the bar on phones and sits under the buy row on a laptop: on screen, and what a finger or a
// click at its middle (and at View cart's) reaches is the note itself, at 360, 390 and 1366 px wide.
const COLOMBIA = '1003'
const ADDED = { en: { added: 'Added to your cart', viewCart: 'View cart' }, zh: { added: '已加入购物车', viewCart: '查看购物车' } }

/** Where the note, its link and the buy bar are, and whether the points at the note's and the link's middles reach them. */
const addedLayout = (page) =>
  page.evaluate(() => {
    const shown = (selector) => [...document.querySelectorAll(selector)].find((el) => el.getClientRects().length > 0)
    const note = shown('.product-page__added')
    const link = note.querySelector('.product-page__view-cart')
    const bar = shown('.product-page__buy-bar')
    const box = (el) => {
      const r = el.getBoundingClientRect()
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }
    }
    const reaches = (el) => {
      const r = el.getBoundingClientRect()
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
      return !!hit && (hit === el || el.contains(hit))
    }
    return {
      innerWidth: window.innerWidth,
      innerHeight: window.innerHeight,
      barFixed: getComputedStyle(bar).position === 'fixed',
      note: box(note),
      bar: box(bar),
      noteReached: reaches(note),
      linkReached: reaches(link)
    }
  })

describe('the add-to-cart confirmation on every size (issue 42 N-3)', () => {
  for (const language of ['en', 'zh']) {
    it(`${language}: after Add to cart the note is on screen and uncovered at 360×740, 390×844 and 1366×768`, async () => {
      const { context, page, errors } = await openContext(browser, { viewport: 'narrowPhone', language })
      try {
        await page.setViewportSize({ width: 360, height: 740 })
        await open(page, `/store/product/${COLOMBIA}`)
        const add = visible(page, '.product-page__add:not([disabled])').filter({ hasText: TEXT[language].add })
        await add.waitFor(WAIT)
        await visible(page, '.product-page__stock--ok').waitFor(WAIT)
        const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`${API}/shoppingManagement4/myCart`), WAIT)
        await add.click()
        assert.equal((await posted).status(), 200)
        const note = visible(page, '.product-page__added[role="status"]')
        await note.filter({ hasText: ADDED[language].added }).waitFor(WAIT)
        await note.locator('.product-page__view-cart', { hasText: ADDED[language].viewCart }).waitFor(WAIT)

        for (const [width, height] of [[360, 740], [390, 844], [1366, 768]]) {
          await page.setViewportSize({ width, height })
          await page.waitForFunction((w) => window.innerWidth === w, width, WAIT)
          const at = await addedLayout(page)
          const where = `${width}×${height}: note ${JSON.stringify(at.note)}, bar ${JSON.stringify(at.bar)}`
          assert.ok(at.note.top >= 0 && at.note.bottom <= at.innerHeight, `on screen, ${where}`)
          assert.ok(at.note.left >= 0 && at.note.right <= at.innerWidth, `across the screen, ${where}`)
          assert.equal(at.barFixed, width < 1024, `the bar is fixed on phones only, ${where}`)
          // Not under the bar: on a phone it ends where the bar begins.
          if (at.barFixed) assert.ok(at.note.bottom <= at.bar.top + 0.5, `above the bar, ${where}`)
          assert.equal(at.noteReached, true, `the note's middle reaches the note, ${where}`)
          assert.equal(at.linkReached, true, `View cart's middle reaches the link, ${where}`)
        }
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }
})

// Issue 42 N-1 and N-2 (walkthrough 2026-12-01): on every desktop from 1024 to 1920 px, "Add to cart" was an 85×245 px
// red column reading "Add / to / cart", below the fold at 1366×768; and the desktop was drawn at a phone's zoom (Taro's
// rem script gave every window from 750 px a 40 px root: 28 px body text, a 204 px header). Measured here: the root,
// the body text, the header and Add to cart (one line, a button's height, in the first screen) on laptops and a wide
// screen in both languages, Taro's small buttons at the text's size; and a phone's sizes, which stay what they were.
const DESKTOPS = [
  [1366, 768],
  [1920, 1080],
  [1024, 768]
]

/** The sizes a shopper sees on the product page: the root font, body text, header, Add to cart and its label's lines. */
const productScale = (page) =>
  page.evaluate(() => {
    const shown = (selector) => [...document.querySelectorAll(selector)].find((el) => el.getClientRects().length > 0)
    const px = (el) => parseFloat(getComputedStyle(el).fontSize)
    const add = shown('.product-page__add')
    const label = add.querySelector('.taro-button__label') ?? add
    const range = document.createRange()
    range.selectNodeContents(label)
    const box = add.getBoundingClientRect()
    const main = shown('.product-page__main').getBoundingClientRect()
    const scroller = (() => {
      for (let el = shown('.product-page'); el; el = el.parentElement) {
        const overflow = getComputedStyle(el).overflowY
        if ((overflow === 'auto' || overflow === 'scroll') && el.scrollHeight > el.clientHeight) return el
      }
      return document.scrollingElement
    })()
    return {
      innerWidth: window.innerWidth,
      innerHeight: window.innerHeight,
      scrollY: scroller.scrollTop,
      root: px(document.documentElement),
      body: px(shown('.product-page__description .rich-detail__line')),
      header: shown('.header').getBoundingClientRect().height,
      add: { top: box.top, bottom: box.bottom, left: box.left, right: box.right, width: box.width, height: box.height },
      addPosition: getComputedStyle(shown('.product-page__buy-bar')).position,
      // The label's lines: the distinct tops of its text's boxes.
      addLines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size,
      main: { left: main.left, right: main.right },
      // Taro's small buttons (the add-ons' Add): 13 px on any window unless the store sizes them.
      miniButton: px(shown('.add-on-list__add')),
      barPriceShown: !!shown('.product-page__buy-bar .product-page__bar-price')
    }
  })

/** Opens the hoodie (two options: the tallest buy box of the demo catalogue) and waits for its buy box and add-ons. */
async function openHoodie(page, language) {
  await open(page, `/store/product/${HOODIE}`)
  await visible(page, '.product-page__add').filter({ hasText: TEXT[language].add }).waitFor(WAIT)
  await visible(page, '.option-picker').waitFor(WAIT)
  await visible(page, '.product-page__description .rich-detail__line').first().waitFor(WAIT)
  await visible(page, '.add-on-list__add').first().waitFor(WAIT)
}

describe('a desktop drawn for desktops (issue 42 N-1, N-2)', () => {
  for (const language of ['en', 'zh']) {
    it(`${language}: at 1366×768, 1920×1080 and 1024×768 the type is a desktop's, the header slim, and Add to cart one line of a button's height in the first screen`, { timeout: 120_000 }, async () => {
      const { context, page, errors } = await openContext(browser, { viewport: 'desktop', language })
      try {
        for (const [width, height] of DESKTOPS) {
          await page.setViewportSize({ width, height })
          await openHoodie(page, language)
          const at = await productScale(page)
          const where = `${width}×${height} ${language}: ${JSON.stringify(at)}`
          assert.equal(at.innerWidth, width)
          // N-2: a 24 px root (a 750 px phone's 40 px before), body text at a desktop's 14-18 px, the header's two rows
          // (brand and actions, the menu) at most 110 px (204 before).
          assert.ok(at.root >= 16 && at.root <= 24, `root font ${at.root} px, ${where}`)
          assert.ok(at.body >= 14 && at.body <= 18, `body text ${at.body} px, ${where}`)
          assert.ok(at.header >= 40 && at.header <= 110, `header ${at.header} px high, ${where}`)
          assert.ok(at.miniButton >= 0.85 * at.body, `a small button's ${at.miniButton} px beside ${at.body} px text, ${where}`)
          // N-1: in the page (no bar), the price shown once (above), the button a button: one line, 40-64 px high, at
          // least 240 px wide, inside the buy box, and whole in the first screen, unscrolled.
          assert.equal(at.addPosition, 'static', where)
          assert.equal(at.barPriceShown, false, `the price once, above, ${where}`)
          assert.equal(at.addLines, 1, `Add to cart on one line, ${where}`)
          assert.ok(at.add.height >= 40 && at.add.height <= 64, `Add to cart ${at.add.height} px high, ${where}`)
          assert.ok(at.add.width >= 240, `Add to cart ${at.add.width} px wide, ${where}`)
          assert.ok(at.add.left >= at.main.left && at.add.right <= at.main.right, `inside the buy box, ${where}`)
          assert.equal(at.scrollY, 0)
          assert.ok(at.add.top >= 0 && at.add.bottom <= at.innerHeight, `in the first screen, ${where}`)
        }
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }

  it("at 390×844 a phone's sizes stay what they were: Taro's root for a 390 px screen, the 59 px header, Add to cart in the fixed bar", async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone' })
    try {
      await openHoodie(page, 'en')
      const at = await productScale(page)
      const where = JSON.stringify(at)
      // 40 × 390 / 750, as before the desktop's cap (config/index.ts); the sizes below are design px at that root.
      assert.equal(at.root, 20.8, where)
      assert.ok(Math.abs(at.header - (112 + 2) * (20.8 / 40)) <= 0.5, `header ${at.header} px high, ${where}`)
      assert.ok(Math.abs(at.body - 28 * (20.8 / 40)) <= 0.01, `body text ${at.body} px, ${where}`)
      assert.equal(at.miniButton, 13, `Taro's small button, ${where}`)
      assert.equal(at.addPosition, 'fixed', where)
      assert.equal(at.addLines, 1, where)
      assert.ok(Math.abs(at.add.height - 32 * (20.8 / 40) * 2.55556) <= 0.5, `Add to cart ${at.add.height} px high, ${where}`)
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })
})

// Issue 42 item 2: two to three rows of products in a desktop's first screen, on home and on a list, with cards of a
// desktop grid (not four phone cards stretched across the window), and tablets between phone and desktop drawn at a
// tablet's size. Measured, not compared with pictures: the cards' boxes, unscrolled.
const ALL_LIST = '/store/productlist?cat=all'

/** The shown product cards' boxes, the window's height and the root font size, unscrolled. */
const cardRows = (page, scope) =>
  page.evaluate((scope) => {
    const cards = [...document.querySelectorAll(`${scope} .product-card`)].filter((el) => el.getClientRects().length > 0)
    const boxes = cards.map((el) => el.getBoundingClientRect()).filter((r) => r.left >= 0 && r.right <= window.innerWidth)
    const rows = [...new Set(boxes.map((r) => Math.round(r.top)))].sort((a, b) => a - b)
    return {
      innerHeight: window.innerHeight,
      root: parseFloat(getComputedStyle(document.documentElement).fontSize),
      widths: boxes.map((r) => Math.round(r.width)),
      height: boxes.length ? Math.round(boxes[0].height) : 0,
      // A card's picture (its top part): what a shopper scans a row by.
      picture: cards.length ? Math.round(cards[0].querySelector('.product-card__media').getBoundingClientRect().height) : 0,
      rows,
      // Rows begun inside the first screen with at least the top third of their cards (most of the picture) in it.
      rowsInScreen: rows.filter((top) => top >= 0 && top + boxes[0].height / 3 <= window.innerHeight).length,
      firstRowWhole: rows.length > 0 && rows[0] + boxes[0].height <= window.innerHeight
    }
  }, scope)

describe('a desktop grid of products (issue 42 item 2)', () => {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080]
  ]) {
    const least = 2
    it(`at ${width}×${height} home and a list show ${least} rows of desktop-sized cards in the first screen`, { timeout: 120_000 }, async () => {
      const { context, page, errors } = await openContext(browser, { viewport: 'desktop' })
      try {
        await page.setViewportSize({ width, height })
        for (const [path, scope, ready] of [
          ['/', '.home-page .home-page__first-row', '.campaign-card'],
          [ALL_LIST, '.store-page', '.sort-bar']
        ]) {
          await open(page, path)
          await visible(page, `${scope} .product-card`).first().waitFor(WAIT)
          await visible(page, ready).first().waitFor(WAIT)
          const at = await cardRows(page, scope)
          const where = `${path} at ${width}×${height}: ${JSON.stringify(at)}`
          // Cards of a desktop grid: 150-240 px wide (four phone cards across were 270-460 px).
          assert.ok(at.widths.length >= 4 && at.widths.every((w) => w >= 150 && w <= 240), `card widths, ${where}`)
          assert.ok(at.firstRowWhole, `the first row whole in the first screen, ${where}`)
          // Two rows begun in the first screen (a list's first page is 12 cards: two rows of six).
          assert.ok(at.rowsInScreen >= least, `rows in the first screen, ${where}`)
          // Home: the second row's pictures whole in the first screen, not cut at the fold (at 1366×768 it began at
          // y 653, its pictures 187 px high).
          if (path === '/') assert.ok(at.rows.length >= 2 && at.rows[1] + at.picture <= at.innerHeight, `home's second row's pictures in the first screen, ${where}`)
        }
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }

  it('tablets from 451 to 1023 px: the 24 px root and cards of a tablet (three or four across, 150-300 px)', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'desktop' })
    try {
      for (const [width, height] of [
        [600, 960],
        [768, 1024],
        [1000, 800]
      ]) {
        await page.setViewportSize({ width, height })
        await open(page, ALL_LIST)
        await visible(page, '.store-page .product-card').first().waitFor(WAIT)
        const at = await cardRows(page, '.store-page')
        const where = `${width}×${height}: ${JSON.stringify(at)}`
        assert.equal(at.root, 24, where)
        const across = at.widths.length / at.rows.length
        assert.ok(across >= 3, `cards a row, ${where}`)
        assert.ok(at.widths.every((w) => w >= 150 && w <= 300), `card widths, ${where}`)
        assert.ok(at.rowsInScreen >= 2, `rows in the first screen, ${where}`)
      }
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })
})
