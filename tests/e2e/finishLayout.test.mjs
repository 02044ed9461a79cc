// Issue 29's finish pass, layout part, in headless Chromium against the real server: the home page laid out for a wide
// screen (a four-column product grid in a centred column, the live entry beside the group buys) while phones keep their
// rows; the 'PWA POWERED BY' bar names the provider once; the checkout summary's "× 1" beside its product, not under it.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { callApi } from './steps.mjs'
import { shopperSteps, visible, WAIT } from './shopper.mjs'

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

const { open } = shopperSteps(() => stack.baseUrl)

/** Waits for home's product rows and group buys (its lazily loaded chunk). */
async function openHome(page) {
  await open(page, '/')
  await visible(page, '.product-row .product-card').first().waitFor(WAIT)
  await visible(page, '.campaign-card').first().waitFor(WAIT)
}

describe('home on a wide screen (issue 29 item 4, m-15)', () => {
  it('at 1366 px: product rows are a four-column grid with no card cut off, sections in a centred column, the live entry beside the group buys', async () => {
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
      assert.deepEqual(layout.columns, layout.columns.map(() => 4))
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
