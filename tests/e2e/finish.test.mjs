// Issue 29 (the finish pass of the 2026-11-26 walkthrough) in headless Chromium against the real server: the brands'
// own marks in the footer (M-1), influencers with pictures, a title, sort labels and "1 like" (M-2).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { shopperSteps, visible, WAIT } from './shopper.mjs'

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

const { open } = shopperSteps(() => stack.baseUrl)

/** The colour a brand mark's data URI draws in (simple-icons' brand colour), or null for another picture. */
const markColour = (src) => decodeURIComponent(src ?? '').match(/^data:image\/svg\+xml,<svg[^>]*><path fill="(#[0-9A-Fa-f]{6})"/)?.[1] ?? null

describe('brand marks (issue 29 M-1)', () => {
  it('shows each payment badge and social link in the footer with its brand mark and name, not initials', async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'desktop' })
    try {
      await open(page, '/')
      await visible(page, '.footer__payment').first().waitFor(WAIT)
      const badges = await page.$$eval('.footer__payment', (els) => els.map((el) => [el.textContent, el.querySelector('img')?.getAttribute('src')]))
      // The demo store accepts WeChat Pay, Alipay, UnionPay and PayPal (server/src/seed/store.ts). simple-icons has no
      // UnionPay mark: that badge shows SVG Logos' (CC0), too large to bundle, as the file the API serves.
      assert.deepEqual(
        badges.map(([name, src]) => [name, markColour(src) ?? src]),
        [['PayPal', '#002991'], ['WeChat Pay', '#07C160'], ['Alipay', '#1677FF'], ['UnionPay', '/api/istore/client/common3/brandMark/unionpay.svg']]
      )
      // It loads: the picture arrived and decoded, at its own 256 x 160 shape.
      await page.waitForFunction(() => {
        const img = document.querySelector('.footer__payment--unionpay img')
        return img?.complete && img.naturalWidth > 0
      }, null, WAIT)
      const unionPay = await page.$eval('.footer__payment--unionpay img', (img) => [img.naturalWidth, img.naturalHeight, img.alt])
      assert.deepEqual(unionPay, [256, 160, ''])
      const social = await page.$$eval('.social-icons__icon', (els) => els.map((el) => [el.textContent, el.querySelector('img')?.getAttribute('src')]))
      assert.ok(social.length > 0)
      for (const [name, src] of social) assert.notEqual(markColour(src), null, `${name} has its mark`)
      assert.deepEqual(social.filter(([name]) => /^(IG|f|YT|P|X|in)$/.test(name)), [])
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })
})

describe('influencer pages (issue 29 M-2)', () => {
  for (const language of ['en', 'zh']) {
    it(`lists influencers under a title with labelled sort pills and drawn portraits; a profile has its cover and gallery (${language})`, async () => {
      const { context, page, errors } = await openContext(browser, { viewport: 'phone', language })
      try {
        await open(page, '/store/influencers')
        await visible(page, '.influencer-card').first().waitFor(WAIT)
        assert.equal(await visible(page, '.influencer-list__title').textContent(), language === 'en' ? 'Influencers' : '达人推荐')
        assert.equal(await visible(page, '.influencer-list__sort .sort-bar__label').textContent(), language === 'en' ? 'Sort by' : '排序')
        // The pills are styled (a border), not bare words, and start where the cards start (no flush-left row).
        const pill = visible(page, '.influencer-list__sort .sort-bar__choice').first()
        assert.notEqual(await pill.evaluate((el) => getComputedStyle(el).borderTopWidth), '0px')
        const [sortLeft, cardLeft] = await Promise.all([visible(page, '.influencer-list__sort').boundingBox(), visible(page, '.influencer-card').first().boundingBox()])
        assert.ok(sortLeft.x >= 12 && sortLeft.x === cardLeft.x, `sort row at x=${sortLeft.x}, cards at x=${cardLeft.x}`)
        // Each seeded influencer (server/src/features/influencers/seed.ts) shows a portrait picture, not initials.
        await page.waitForFunction(() => {
          const imgs = [...document.querySelectorAll('.influencer-card__avatar img')]
          return imgs.length >= 2 && imgs.every((img) => img.complete && img.naturalWidth > 0)
        }, null, WAIT)
        const avatars = await page.$$eval('.influencer-card__avatar img', (imgs) => imgs.map((img) => new URL(img.src).pathname))
        assert.equal(new Set(avatars).size, avatars.length)
        for (const src of avatars) assert.match(src, /\/avatar-[a-z-]+\.svg$/)
        const cardPortrait = await visible(page, '.influencer-card__avatar').first().boundingBox()
        assert.ok(Math.abs(cardPortrait.width - cardPortrait.height) < 2, `card portrait ${cardPortrait.width}x${cardPortrait.height}`)
        assert.match(await page.locator('.influencer-card__likes').first().textContent(), language === 'en' ? /^\d+ likes?$/ : /^\d+ 个赞$/)

        // The seed's name line and section titles come in each language (issue 29 M-2).
        const emmaName = language === 'en' ? 'Emma Chen · Morning coffee' : '陈艾玛 · 晨间咖啡'
        await page.locator('.influencer-card').filter({ hasText: emmaName }).first().click(WAIT)
        await visible(page, '.influencer-profile').waitFor(WAIT)
        await page.waitForFunction(() => {
          const cover = document.querySelector('.influencer-profile__cover img')
          const avatar = document.querySelector('.influencer-profile__avatar img')
          return [cover, avatar].every((img) => img && img.complete && img.naturalWidth > 0)
        }, null, WAIT)
        assert.match(await page.locator('.influencer-profile__cover img').getAttribute('src'), /cover-emma-chen-latte\.svg$/)
        // The portrait is a circle, not stretched by its picture's own height.
        const portrait = await visible(page, '.influencer-profile__avatar').boundingBox()
        assert.ok(Math.abs(portrait.width - portrait.height) < 2, `portrait ${portrait.width}x${portrait.height}`)
        assert.ok((await page.locator('.influencer-profile img[src*="latte-art-practice"]').count()) > 0, 'the gallery shows')
        assert.equal(await visible(page, '.influencer-profile__name').textContent(), emmaName)
        const titles = await page.locator('.influencer-section__title:visible').allTextContents()
        assert.deepEqual(titles, [language === 'en' ? 'Weekend breakfast' : '周末早餐'])
        for (const title of titles) assert.doesNotMatch(title, language === 'en' ? /\p{Script=Han}/u : /[A-Za-z]/, `a ${language} section title: ${title}`)
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }
})

describe('real links, a main heading, a skip link and a brand focus ring on H5 (issue 29 m-8, a11y)', () => {
  for (const viewport of ['phone', 'desktop']) {
    it(`home's product cards, "See all" and footer entries are <a href>; a plain tap still navigates in the app (${viewport})`, async () => {
      const { context, page, errors } = await openContext(browser, { viewport })
      try {
        await open(page, '/')
        await visible(page, 'a.product-card').first().waitFor(WAIT)
        const card = visible(page, 'a.product-card').first()
        const id = await card.getAttribute('data-product-id')
        assert.equal(await card.getAttribute('href'), `/store/product/${id}`)
        assert.match(await visible(page, 'a.product-row__action').first().getAttribute('href'), /^\/store\//)
        await visible(page, '.footer').waitFor(WAIT)
        assert.ok((await page.locator('a.footer__entry--link[href^="/"]').count()) > 0, 'footer entries are links')
        // The one h1 names the page (the store on home), as text; the first Tab reaches the skip link, ringed in the
        // store's primary colour (varPrimary #c0392b, server/src/seed/store.ts).
        assert.equal(await page.locator('h1, [role="heading"][aria-level="1"]').count(), 1)
        assert.equal((await page.locator('[role="heading"][aria-level="1"]').textContent()).trim(), 'Maple & Jade Market')
        // Keyboards: desktop (a touch phone has no Tab key).
        if (viewport === 'desktop') {
          await page.keyboard.press('Tab')
          const focused = await page.evaluate(() => {
            const el = document.activeElement
            const style = getComputedStyle(el)
            return { cls: el.className, href: el.getAttribute('href'), text: el.textContent, outline: `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}` }
          })
          assert.deepEqual(focused, { cls: 'shell__skip', href: '#main', text: 'Skip to content', outline: '2px solid rgb(192, 57, 43)' })
        }
        // A plain tap: the app's router, no page load (the page's own marker survives).
        await page.evaluate(() => { window.__samePage = true })
        await card.click(WAIT)
        await page.waitForURL(`**/store/product/${id}`, WAIT)
        await visible(page, '.shell').first().waitFor(WAIT)
        assert.equal(await page.evaluate(() => window.__samePage), true)
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }
})

/** Every element of `selector` on the page: tag, href and whether it still carries role="link" (a div pretending). */
const anchors = (page, selector) => page.$$eval(selector, (els) => els.map((el) => ({ tag: el.tagName, href: el.getAttribute('href'), role: el.getAttribute('role') })))

/**
 * The boxes of `selector` on the page that do not hold their own content: an inline <a> around blocks draws its
 * background and border as a thin strip while the blocks inside fall outside it. Each as its class and the sizes seen.
 */
const boxesNotHoldingTheirContent = (page, selector) =>
  page.$$eval(selector, (els) =>
    els.flatMap((el) => {
      const box = el.getBoundingClientRect()
      const inside = Array.from(el.querySelectorAll('*')).map((child) => child.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0)
      const held = inside.every((r) => r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5)
      return inside.length > 0 && held ? [] : [{ cls: el.className, box: [box.width, box.height], children: inside.length }]
    })
  )

/** A plain tap on `locator` goes to `url` through the app's router: the page's own marker survives (no reload). */
async function tapStaysInApp(page, locator, url) {
  await page.evaluate(() => { window.__samePage = true })
  await locator.click(WAIT)
  await page.waitForURL(url, WAIT)
  await visible(page, '.shell').first().waitFor(WAIT)
  assert.equal(await page.evaluate(() => window.__samePage), true, `${url} opened without a page load`)
}

/**
 * The profile's portrait is its intended size (120 design px: at most 120 CSS px) and square, and the name beside it is
 * on screen. The portrait's size once lost to LazyImage's own `width: 100%` repeated in page CSS loaded later.
 */
async function assertPortraitAndName(page, viewportWidth, how) {
  await page.waitForFunction(() => {
    const img = [...document.querySelectorAll('.influencer-profile__avatar img')].find((el) => el.offsetParent !== null)
    return img && img.complete && img.naturalWidth > 0
  }, null, WAIT)
  const portrait = await visible(page, '.influencer-profile__avatar').boundingBox()
  assert.ok(portrait.width >= 40 && portrait.width <= 120, `${how}: portrait ${portrait.width}px wide`)
  assert.ok(Math.abs(portrait.width - portrait.height) < 2, `${how}: portrait ${portrait.width}x${portrait.height}`)
  const name = await visible(page, '.influencer-profile__name').boundingBox()
  assert.ok(name.width > 0 && name.x >= 0 && name.x + name.width <= viewportWidth, `${how}: name at x ${name.x}..${name.x + name.width} on a ${viewportWidth} px screen`)
}

describe('influencer portrait size whatever CSS loaded first (issue 29 R-1)', () => {
  for (const [viewport, width] of [['phone', 390], ['desktop', 1366]]) {
    it(`the portrait stays at most 120 px and the name on screen: from the list, after a product page, and opened directly (${viewport})`, { timeout: 120_000 }, async () => {
      const { context, page, errors } = await openContext(browser, { viewport })
      try {
        await open(page, '/store/influencers')
        const emma = visible(page, 'a.influencer-card').filter({ hasText: 'Emma Chen' }).first()
        await emma.waitFor(WAIT)
        const emmaHref = await emma.getAttribute('href')
        await tapStaysInApp(page, emma, `**${emmaHref}`)
        await assertPortraitAndName(page, width, 'from the list')
        // A product page's CSS chunk (with its own copy of LazyImage's rules) loads after the profile's.
        const pick = visible(page, '.influencer-pick').first()
        const productId = await pick.getAttribute('data-product-id')
        await tapStaysInApp(page, pick, `**/store/product/${productId}`)
        await visible(page, `.product-page[data-product-id="${productId}"]`).waitFor(WAIT)
        await page.goBack()
        await page.waitForURL(`**${emmaHref}`, WAIT)
        await assertPortraitAndName(page, width, 'back from a product page')
        await open(page, emmaHref)
        await assertPortraitAndName(page, width, 'opened directly')
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  }
})

describe('real links beyond product cards (issue 29 item 3, m-8)', () => {
  it('side menu entries, influencer cards, blog entries and group-buy cards are <a href> with their H5 address; a tap stays in the app', { timeout: 150_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone' })
    try {
      await open(page, '/')
      // Group buys on home (server/src/features/campaigns/seed.ts has open ones).
      await visible(page, '.campaign-card').first().waitFor(WAIT)
      const campaigns = await anchors(page, '.campaign-card')
      assert.ok(campaigns.length > 0)
      for (const c of campaigns) assert.deepEqual([c.tag, c.role], ['A', null])
      for (const c of campaigns) assert.match(c.href, /^\/store\/groupCampaign\/\d+$/)
      // The header's home, account and cart, and the side menu's entries.
      assert.deepEqual((await anchors(page, '.header__brand, .header__account, .header__cart')).map((a) => a.tag), ['A', 'A', 'A'])
      assert.equal(await page.locator('.header__brand').getAttribute('href'), '/')
      await visible(page, '.header__toggle').click(WAIT)
      await visible(page, '.side-menu__panel').waitFor(WAIT)
      const menu = await anchors(page, '.side-menu__link[href], .side-menu__account')
      assert.ok(menu.length > 1, 'the side menu has link entries')
      for (const entry of menu) assert.match(entry.href, /^(\/|https:\/\/)/)
      assert.equal(await page.locator('.side-menu [role="link"]').count(), 0, 'no role="link" imitation left in the side menu (a phone entry would be one)')
      const firstInternal = visible(page, '.side-menu__link[href^="/"]').first()
      const href = await firstInternal.getAttribute('href')
      await tapStaysInApp(page, firstInternal, `**${href}`)
      assert.equal(await page.locator('.side-menu__panel').count(), 0, 'following an entry closes the menu')

      await open(page, '/store/influencers')
      await visible(page, '.influencer-card').first().waitFor(WAIT)
      const cards = await anchors(page, '.influencer-card')
      for (const card of cards) assert.deepEqual([card.tag, card.role], ['A', null])
      const emma = page.locator('a.influencer-card').filter({ hasText: 'Emma Chen' }).first()
      const emmaHref = await emma.getAttribute('href')
      assert.match(emmaHref, /^\/store\/influencer\/[^/]+$/)
      await tapStaysInApp(page, emma, `**${emmaHref}`)
      await visible(page, '.influencer-profile').waitFor(WAIT)

      await open(page, '/blog')
      await visible(page, '.blog-card').first().waitFor(WAIT)
      const posts = await anchors(page, '.blog-card')
      for (const post of posts) assert.deepEqual([post.tag, post.role], ['A', null])
      const post = visible(page, 'a.blog-card').first()
      const postHref = await post.getAttribute('href')
      assert.match(postHref, /^\/blog\/[^/]+$/)
      await tapStaysInApp(page, post, `**${postHref}`)
      await visible(page, '.blog-post').waitFor(WAIT)
      assert.equal(await page.locator('a.blog-post__back-link').getAttribute('href'), '/blog')
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })

  it("the signed-in account's order history rows and links are <a href>; the referral link is shown with its full address", { timeout: 150_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone' })
    try {
      await open(page, '/account/login')
      await visible(page, '.account-login input[name="emailID"]').fill('demo@istore.test', WAIT)
      await visible(page, '.account-login input[name="password"]').fill('demopass123', WAIT)
      await visible(page, '.account-login .account-form__submit').click(WAIT)
      await page.waitForURL('**/user/list', WAIT)
      // Audit R-2: each order row is a card holding its number, date, status and total (My account's recent orders too).
      await visible(page, '.order-row').first().waitFor(WAIT)
      assert.deepEqual(await boxesNotHoldingTheirContent(page, '.order-row'), [])
      await open(page, '/user/orders')
      await visible(page, '.order-row').first().waitFor(WAIT)
      assert.deepEqual(await boxesNotHoldingTheirContent(page, '.order-row'), [])
      const rows = await anchors(page, '.order-row')
      for (const row of rows) assert.deepEqual([row.tag, row.role], ['A', null])
      const row = visible(page, 'a.order-row').first()
      const rowHref = await row.getAttribute('href')
      assert.match(rowHref, /^\/user\/orders\/\d+$/)
      await tapStaysInApp(page, row, `**${rowHref}`)

      // m-2: an address a shopper can copy by hand, not "/store?ref=…".
      await open(page, '/user/referrer')
      const address = (await visible(page, '.referrer-link__url').innerText(WAIT)).trim()
      assert.match(address, new RegExp(`^${stack.baseUrl.replace(/[.]/g, '\\.')}/store\\?ref=[A-Z0-9]+$`))
      assert.deepEqual(errors.map(String), [])
    } finally {
      await context.close()
    }
  })
})
