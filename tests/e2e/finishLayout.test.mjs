// Issue 29's finish pass, layout part, in headless Chromium against the real server: the home page laid out for a wide
// screen (a four-column product grid in a centred column, the live entry beside the group buys) while phones keep their
// rows; the 'PWA POWERED BY' bar names the provider once; no element wider than a 360 px phone on the shopper's pages;
// the checkout summary's "× 1" beside its product; disabled buttons with a readable label; the remove dialog's wording;
// My account's top-up sheet and code check lined up.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { callApi } from './steps.mjs'
import { API, shopperSteps, uniqueEmail, visible, WAIT } from './shopper.mjs'

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

const { open, signUp } = shopperSteps(() => stack.baseUrl)

/** Waits for home's product rows and group buys (its lazily loaded chunk). */
async function openHome(page) {
  await open(page, '/')
  await visible(page, '.product-row .product-card').first().waitFor(WAIT)
  await visible(page, '.campaign-card').first().waitFor(WAIT)
}

describe('home on a wide screen (issue 29 item 4, m-15)', () => {
  it('at 1366 px: product rows are a six-column grid (issue 42 item 2: desktop-sized cards) with no card cut off, sections in a centred column, the live entry beside the group buys', async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'desktop' })
    try {
      await openHome(page)
      const layout = await page.evaluate(() => {
        const box = (el) => el.getBoundingClientRect()
        const rows = [...document.querySelectorAll('.home-page .product-row')].filter((row) => row.offsetParent)
        return {
          width: document.documentElement.clientWidth,
          columns: rows.map((row) => getComputedStyle(row.querySelector('.product-row__scroll')).gridTemplateColumns.split(' ').length),
          // Every card's right edge inside its row's box (a carousel cut the last card at the screen's edge).
          cut: rows.flatMap((row) => [...row.querySelectorAll('.product-row__item')].filter((item) => box(item).right > box(row).right + 0.5).map((item) => item.textContent.slice(0, 30))),
          sections: [...document.querySelector('.home-page').children].filter((el) => !el.classList.contains('home-banner')).map((el) => ({ cls: el.className, left: box(el).left, right: box(el).right })),
          banner: box(document.querySelector('.home-banner')),
          live: box(document.querySelector('.home-page__live')),
          campaigns: box(document.querySelector('.campaign-row'))
        }
      })
      assert.ok(layout.columns.length >= 3, `${layout.columns.length} product rows`)
      assert.deepEqual(layout.columns, layout.columns.map(() => 6))
      assert.deepEqual(layout.cut, [])
      // The hero spans the screen; every other section lies in the centred column of at most 1200 px.
      assert.equal(Math.round(layout.banner.width), layout.width)
      const left = Math.min(...layout.sections.map((s) => s.left))
      const right = Math.max(...layout.sections.map((s) => s.right))
      assert.ok(right - left <= 1200.5, `sections span ${left}..${right}`)
      assert.ok(Math.abs(left - (layout.width - right)) <= 1, `centred: ${left} left, ${layout.width - right} right`)
      // Side by side: the live entry starts right of the group buys, on the same rows of the page.
      assert.ok(layout.live.left >= layout.campaigns.right - 0.5, `live at x=${layout.live.left}, group buys end at ${layout.campaigns.right}`)
      assert.ok(layout.live.top < layout.campaigns.bottom && layout.campaigns.top < layout.live.bottom, 'live entry and group buys share a row')
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })

  it('at 390 px the home page keeps its phone layout: sideways rows of cards, the live entry above the group buys', async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone' })
    try {
      await openHome(page)
      const layout = await page.evaluate(() => {
        const row = document.querySelector('.home-page .product-row__scroll')
        const tops = [...row.querySelectorAll('.product-row__item')].map((item) => Math.round(item.getBoundingClientRect().top))
        return {
          display: getComputedStyle(row).display,
          oneLine: new Set(tops).size === 1,
          scrolls: row.scrollWidth > row.clientWidth,
          liveBottom: document.querySelector('.home-page__live').getBoundingClientRect().bottom,
          campaignsTop: document.querySelector('.campaign-row').getBoundingClientRect().top
        }
      })
      assert.deepEqual({ display: layout.display, oneLine: layout.oneLine, scrolls: layout.scrolls }, { display: 'block', oneLine: true, scrolls: true })
      assert.ok(layout.liveBottom <= layout.campaignsTop, 'the live entry stacks above the group buys')
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })
})

describe("the 'PWA POWERED BY' bar (issue 29 polish)", () => {
  for (const [language, title] of [['en', 'PWA POWERED BY'], ['zh', 'PWA 技术支持']]) {
    it(`names the demo's provider once, as a link to its site, not "iStore & iStore" (${language})`, async () => {
      const { context, page, errors } = await openContext(browser, { viewport: 'phone', language })
      try {
        await open(page, '/')
        const bar = visible(page, '.footer .powered-by')
        await bar.waitFor(WAIT)
        assert.equal((await bar.textContent()).replace(/\s+/g, ' ').trim(), `${title}iStore`)
        assert.equal(await bar.locator('a').getAttribute('href'), 'https://istore.example.com')
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }
})

/**
 * Elements that stick out of the screen sideways and are not inside a box of the page that scrolls or clips them (a
 * carousel's hidden cards are fine): what a shopper would have to pan to, or would never see. Taro's page box
 * (.taro_page, overflow-x hidden) does not count: it cuts such content off at the screen's edge.
 */
const overflowing = (page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const clippedInside = (el) => {
      for (let a = el.parentElement; a && !a.classList.contains('taro_page') && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue
        const r = a.getBoundingClientRect()
        if (r.left >= -0.5 && r.right <= width + 0.5) return true
      }
      return false
    }
    return [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect()
        // aria-hidden: the contact form's honeypot field, placed far off-screen on purpose.
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[aria-hidden="true"]') && (r.right > width + 0.5 || r.left < -0.5) && !clippedInside(el)
      })
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(el.getBoundingClientRect().left)}..${Math.round(el.getBoundingClientRect().right)}`)
  })

describe('nothing wider than a 360 px phone (issue 29 item 4)', () => {
  const pages = [
    ['/', '.product-card'],
    ['/store/productlist?cat=Coffee', '.product-card'],
    ['/store/product/1003', '.product-page__add'],
    ['/store/search/tea', '.product-card'],
    ['/store/influencers', '.influencer-card'],
    ['/store/groupCampaign/501', '.campaign-item__join'],
    ['/blog', '.blog-list'],
    ['/contact', '.contact-page input'],
    ['/account/login', 'input[type="email"]'],
    ['/checkout/cart', '.cart-page__checkout'],
    ['/checkout', '#checkout-place-order']
  ]
  for (const language of ['en', 'zh']) {
    it(`home, lists, product, search, influencers, group buy, blog, contact, sign-in, cart and checkout (${language})`, { timeout: 150_000 }, async () => {
      const { context, page, errors } = await openContext(browser, { viewport: 'narrowPhone', language })
      try {
        await open(page, '/')
        for (const id of ['1003', '1005']) await callApi(page, context, stack.baseUrl, 'POST', '/shoppingManagement4/myCart', { productId: id, quantity: 1 })
        const found = {}
        for (const [path, ready] of pages) {
          await open(page, path)
          await visible(page, ready).first().waitFor(WAIT)
          const wide = await overflowing(page)
          if (wide.length) found[path] = wide.slice(0, 5)
        }
        assert.deepEqual(found, {})
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }
})

describe('checkout summary on a desktop (issue 29 item 4)', () => {
  it('shows "× 1" on the line of its product name and the price beside it, never wrapped under the name', async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'desktop' })
    try {
      await open(page, '/')
      // A long name (House Blend with its grind) that fills the summary column's width.
      for (const [productId, optionPair] of [['1003', undefined], ['1001', 'grind:Whole bean']]) {
        await callApi(page, context, stack.baseUrl, 'POST', '/shoppingManagement4/myCart', { productId, quantity: 1, ...(optionPair ? { optionPair } : {}) })
      }
      await open(page, '/checkout')
      await visible(page, '.checkout [data-section="summary"] .checkout__line').first().waitFor(WAIT)
      const lines = await page.$$eval('.checkout [data-section="summary"] .checkout__line', (els) =>
        els.filter((el) => el.offsetParent).map((el) => {
          const [name, quantity, price] = ['.checkout__line-name', '.checkout__line-quantity', '.price'].map((s) => el.querySelector(s)?.getBoundingClientRect())
          return { text: el.textContent, name, quantity, price }
        })
      )
      assert.equal(lines.length, 2)
      for (const { text, name, quantity, price } of lines) {
        assert.ok(name && quantity && price, `${text}: name, quantity and price apart`)
        assert.ok(quantity.left >= name.right - 0.5 && price.left >= quantity.right - 0.5, `${text}: name, then quantity, then price, left to right`)
        assert.ok(quantity.top < name.top + quantity.height, `${text}: the quantity starts on the name's first line`)
      }
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })
})

/**
 * Each visible button of the page, disabled the way the app disables one (its `disabled` attribute): the contrast of
 * its label against its own background (a transparent background counts as the page's white).
 */
const disabledLabelContrasts = (page) =>
  page.evaluate(() => {
    const rgba = (value) => { const [r, g, b, a = 1] = value.match(/[\d.]+/g).map(Number); return { r, g, b, a } }
    const over = (top, bottom) => ({ r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * (1 - top.a), b: top.b * top.a + bottom.b * (1 - top.a), a: 1 })
    const luminance = ({ r, g, b }) => { const c = [r, g, b].map((v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4 }); return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] }
    return [...document.querySelectorAll('taro-button-core')].filter((button) => button.offsetParent && button.textContent.trim()).map((button) => {
      button.setAttribute('disabled', '')
      const label = button.querySelector('.taro-button__label') ?? button
      const background = over(rgba(getComputedStyle(button).backgroundColor), { r: 255, g: 255, b: 255, a: 1 })
      const [l1, l2] = [luminance(over(rgba(getComputedStyle(label).color), background)), luminance(background)].sort((a, b) => b - a)
      button.removeAttribute('disabled')
      return { label: button.textContent.trim(), contrast: Math.round(((l1 + 0.05) / (l2 + 0.05)) * 10) / 10 }
    })
  })

describe("disabled buttons keep a readable label (issue 29 m-5, Taro's white disabled label)", () => {
  it('every button on the checkout, the cart, a product with add-ons and the sign-in form reads at least 3:1 when disabled', async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone' })
    try {
      await open(page, '/')
      await callApi(page, context, stack.baseUrl, 'POST', '/shoppingManagement4/myCart', { productId: '1003', quantity: 1 })
      const faint = []
      for (const [path, ready] of [['/checkout', '#checkout-place-order'], ['/checkout/cart', '.cart-page__checkout'], ['/store/product/1003', '.product-page__add'], ['/account/login', '.account-form__submit']]) {
        await open(page, path)
        await visible(page, ready).first().waitFor(WAIT)
        const buttons = await disabledLabelContrasts(page)
        assert.ok(buttons.length >= 1, `${path}: ${buttons.length} buttons`)
        faint.push(...buttons.filter((b) => b.contrast < 3).map((b) => `${path} "${b.label}" ${b.contrast}:1`))
      }
      assert.deepEqual(faint, [])
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })
})

describe('the remove dialog (issue 29 m-11)', () => {
  it('wraps its text between words, not inside them, and its Remove button is the store red, not WeChat green', async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'narrowPhone' })
    try {
      await open(page, '/')
      await callApi(page, context, stack.baseUrl, 'POST', '/shoppingManagement4/myCart', { productId: '1003', quantity: 1 })
      await open(page, '/checkout/cart')
      const quantity = visible(page, '.cart-page .quantity-stepper__input input').first()
      await quantity.fill('0', WAIT)
      await quantity.press('Enter')
      const text = visible(page, '.taro-modal__text')
      await text.waitFor(WAIT)
      const style = await page.evaluate(() => ({
        wordBreak: getComputedStyle(document.querySelector('.taro-modal__text')).wordBreak,
        confirm: getComputedStyle(document.querySelector('.taro-model__confirm')).color
      }))
      assert.deepEqual(style, { wordBreak: 'normal', confirm: 'rgb(200, 16, 46)' })
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })
})

describe("My account's top-up sheet and code check (issue 29 m-11)", () => {
  for (const [viewport, language] of [['narrowPhone', 'en'], ['phone', 'zh'], ['desktop', 'en']]) {
    it(`the sheet's labels no larger than its title, Pay and Cancel one height, the code's input and Check on one centre line (${viewport}, ${language})`, async () => {
      const { context, page, errors } = await openContext(browser, { viewport, language })
      try {
        await signUp(page, { email: uniqueEmail('m11'), firstName: 'Ada', lastName: 'Lovelace' })
        await open(page, '/user/list')
        await visible(page, '.store-credit .top-up__open').click(WAIT)
        await visible(page, '.top-up__form .top-up__cancel').waitFor(WAIT)
        await visible(page, '.coupon-lookup__button').waitFor(WAIT)
        const m = await page.evaluate(() => {
          const shown = (selector) => [...document.querySelectorAll(selector)].filter((el) => el.offsetParent)
          const fontSize = (el) => parseFloat(getComputedStyle(el).fontSize)
          const box = (el) => el.getBoundingClientRect()
          const centre = (el) => box(el).top + box(el).height / 2
          const [input] = shown('.coupon-lookup .account-field__input')
          const [check] = shown('.coupon-lookup__button')
          return {
            title: fontSize(shown('.top-up__form .my-account__heading')[0]),
            labels: shown('.top-up__form .top-up__label').map(fontSize),
            pay: box(shown('.top-up__pay')[0]).height,
            cancel: box(shown('.top-up__cancel')[0]).height,
            inputCentre: centre(input),
            checkCentre: centre(check)
          }
        })
        assert.equal(m.labels.length, 2, 'Amount and Pay with')
        for (const label of m.labels) assert.ok(label <= m.title, `a ${label}px label under a ${m.title}px title`)
        assert.ok(Math.abs(m.pay - m.cancel) <= 1, `Pay ${m.pay}px tall, Cancel ${m.cancel}px`)
        assert.ok(Math.abs(m.inputCentre - m.checkCentre) <= 1, `the code's input centred at y=${m.inputCentre}, Check at y=${m.checkCentre}`)
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }
})

/** Signs the demo shopper in (two orders, an address, store credit) through the sign-in form. */
async function signInAsDemo(page) {
  await open(page, '/account/login')
  await visible(page, '.account-login input[name="emailID"]').fill('demo@istore.test', WAIT)
  await visible(page, '.account-login input[name="password"]').fill('demopass123', WAIT)
  await visible(page, '.account-login .account-form__submit').click(WAIT)
  await page.waitForURL('**/user/list', WAIT)
}

/**
 * The left edge (CSS px, rounded) of the first visible element of each selector, once each has one: a page's parts come
 * from their own requests (a list's cards after its banner), and one measured before it arrived would read as missing.
 */
const leftEdges = async (page, selectors) => {
  await page.waitForFunction((list) => list.every((s) => [...document.querySelectorAll(s)].some((e) => e.offsetParent)), selectors, WAIT)
  return page.evaluate((list) => {
    const edges = {}
    for (const selector of list) {
      const el = [...document.querySelectorAll(selector)].find((e) => e.offsetParent)
      edges[selector] = Math.round(el.getBoundingClientRect().left)
    }
    return edges
  }, selectors)
}

describe('titles and text line up with the content column (issue 29 m-10)', () => {
  // Each account page's title and content against My account's own title: one column (its padding, centred on a wide
  // screen). The orders page used .account-page without importing its stylesheet and, opened directly, had none.
  const accountPages = [
    ['/user/orders', '.order-row', ['.account-page__title', '.order-list__count', '.order-row']],
    ['/user/membership', '.members-plan', ['.account-page__title', '.members-section__title', '.members-plan']],
    ['/user/referrer', '.referrer-link__url', ['.account-page__title', '.members-page__intro', '.referrer-link__url']],
    ['/user/influencer', '.influencer-status', ['.account-page__title', '.influencer-status']]
  ]
  // Each list page's title, text and sort row against its first product or influencer card.
  const listPages = [
    ['/store/productlist?cat=Coffee', '.list-banner__blurb', ['.store-page__title', '.list-banner', '.list-banner__blurb', '.sort-bar > *', '.product-card']],
    ['/store', '.brand-list__brand', ['.store-page__title', '.brand-list__title', '.brand-list__brand', '.product-card']],
    ['/store/influencers', '.influencer-card', ['.influencer-list__title', '.influencer-list__sort > *', '.influencer-card']]
  ]
  for (const viewport of ['narrowPhone', 'phone', 'desktop']) {
    for (const language of ['en', 'zh']) {
      it(`account pages in My account's column; list pages' titles, category text and sort rows in the cards' column (${viewport}, ${language})`, { timeout: 180_000 }, async () => {
        const { context, page, errors } = await openContext(browser, { viewport, language })
        try {
          await signInAsDemo(page)
          await visible(page, '.my-account .account-page__title').waitFor(WAIT)
          const column = (await leftEdges(page, ['.account-page__title']))['.account-page__title']
          assert.ok(column >= 12, `My account's title at x=${column}: inside the page's padding`)
          const off = {}
          for (const [path, ready, selectors] of accountPages) {
            await open(page, path)
            await visible(page, ready).first().waitFor(WAIT)
            const edges = await leftEdges(page, selectors)
            if (Object.values(edges).some((left) => left !== column)) off[path] = edges
          }
          // An order row is one box (as a link, an inline <a>, it was one box per line of its text).
          await open(page, '/user/orders')
          await visible(page, '.order-row').first().waitFor(WAIT)
          const rowBoxes = await page.evaluate(() => [...document.querySelectorAll('.order-row')].filter((e) => e.offsetParent).map((e) => e.getClientRects().length))
          assert.deepEqual(rowBoxes, [1, 1], 'the demo\'s two orders, one box each')
          for (const [path, ready, selectors] of listPages) {
            await open(page, path)
            await visible(page, ready).first().waitFor(WAIT)
            const edges = await leftEdges(page, selectors)
            const cards = edges[selectors.at(-1)]
            if (!(cards >= 12) || Object.values(edges).some((left) => left !== cards)) off[path] = edges
          }
          assert.deepEqual(off, {}, `My account's column at x=${column}`)
          assert.deepEqual(errors.map(String), [])
        } finally {
          await context.close()
        }
      })
    }
  }
})

describe('the product description (issue 29 polish: double-spaced)', () => {
  // As an operator's import may bring it: paragraphs apart by a blank line, a line break inside one.
  const FIRST = 'Grown on the slopes of Huila by smallholder farmers who pick only the ripest cherries, then washed, dried on raised beds and roasted medium for a sweet cup.'
  const description = `${FIRST}\n\nBest as a pour-over.\nKeep the bag closed.`
  for (const [viewport, language] of [['narrowPhone', 'en'], ['phone', 'zh'], ['desktop', 'en']]) {
    it(`lines at the text's own line height, paragraphs apart by a gap, a line break kept (${viewport}, ${language})`, async () => {
      const { context, page, errors } = await openContext(browser, { viewport, language })
      try {
        // The product's answer with the operator's text (in both languages); the page itself comes from the server.
        await page.route(new RegExp(`${API}/productManagement/product/1003(\\?|$)`), async (route) => {
          const answer = await route.fetch()
          const product = await answer.json()
          await route.fulfill({ response: answer, json: { ...product, description, descriptionContent: { en: description, zh: description } } })
        })
        // Opened from its list: a page opened directly has its first answers written into the HTML, not fetched.
        await open(page, '/store/productlist?cat=Coffee')
        await visible(page, 'a.product-card[href="/store/product/1003"]').click(WAIT)
        await visible(page, '.product-page__description').getByText('Keep the bag closed.').waitFor(WAIT)
        const m = await page.evaluate((texts) => {
          const root = [...document.querySelectorAll('.product-page__description')].find((e) => e.offsetParent)
          // The screen lines of a piece of the text, wherever the page put it (one text node or several).
          const linesOf = (piece) => {
            const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const at = node.data.indexOf(piece)
              if (at < 0) continue
              const range = document.createRange()
              range.setStart(node, at)
              range.setEnd(node, at + piece.length)
              const tops = [...new Set([...range.getClientRects()].map((r) => Math.round(r.top)))]
              return { tops, bottom: range.getBoundingClientRect().bottom, fontSize: parseFloat(getComputedStyle(node.parentElement).fontSize) }
            }
            return null
          }
          return texts.map(linesOf)
        }, [FIRST, 'Best as a pour-over.', 'Keep the bag closed.'])
        const [first, second, third] = m
        assert.ok(first && second && third, 'every piece of the description is shown')
        assert.ok(first.tops.length >= 2, `the first paragraph wraps (${first.tops.length} line)`)
        const pitch = first.tops[1] - first.tops[0]
        assert.ok(pitch <= 1.7 * first.fontSize, `lines ${pitch}px apart at a ${first.fontSize}px font: at most 1.7 times`)
        const gap = second.tops[0] - first.bottom
        assert.ok(gap >= 0.5 * first.fontSize && gap <= 2 * pitch, `a ${gap}px gap between the paragraphs at a ${first.fontSize}px font`)
        const broken = third.tops[0] - second.tops[0]
        assert.ok(Math.abs(broken - pitch) <= 1, `the line break starts a new line ${broken}px down, at the line height (${pitch}px)`)
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }
})

describe("My account's buttons (issue 29 polish)", () => {
  for (const [viewport, language] of [['narrowPhone', 'en'], ['phone', 'zh'], ['desktop', 'en']]) {
    it(`"Top up" as tall as its neighbours; "Buy 1 month" styled as the store's primary button, Add to cart (${viewport}, ${language})`, async () => {
      const { context, page, errors } = await openContext(browser, { viewport, language })
      try {
        const buttonStyle = (selector) =>
          page.evaluate((s) => {
            const el = [...document.querySelectorAll(s)].find((e) => e.offsetParent)
            const cs = getComputedStyle(el)
            return { background: cs.backgroundColor, color: cs.color, fontSize: cs.fontSize, fontWeight: cs.fontWeight, borderRadius: cs.borderRadius, height: Math.round(el.getBoundingClientRect().height) }
          }, selector)
        await open(page, '/store/product/1003')
        // Add to cart stays grey until the product's stock is known (its own request): compare the enabled button.
        await visible(page, '.product-page__add:not([disabled])').waitFor(WAIT)
        const primary = await buttonStyle('.product-page__add')

        await signInAsDemo(page)
        // My account's parts come from their own requests: measure once all four buttons are shown.
        const rows = ['.top-up__open', '.profile__image-button', '.profile__edit', '.address-book__add']
        await page.waitForFunction((selectors) => selectors.every((s) => [...document.querySelectorAll(s)].some((e) => e.offsetParent)), rows, WAIT)
        const heights = await page.evaluate((selectors) =>
          Object.fromEntries(selectors.map((s) => [s, Math.round([...document.querySelectorAll(s)].find((e) => e.offsetParent).getBoundingClientRect().height)])),
          rows
        )
        const neighbours = Object.values(heights).slice(1)
        assert.equal(new Set(neighbours).size, 1, JSON.stringify(heights))
        assert.ok(Math.abs(heights['.top-up__open'] - neighbours[0]) <= 1, JSON.stringify(heights))

        await open(page, '/user/membership')
        await visible(page, '.members-plan__buy').first().waitFor(WAIT)
        const buy = await buttonStyle('.members-plan__buy')
        assert.deepEqual(buy, primary)
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }
})
