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
      // The demo store accepts WeChat Pay, Alipay, UnionPay and PayPal (server/src/seed/store.ts); simple-icons has no
      // UnionPay mark, so that badge is its name alone.
      assert.deepEqual(
        badges.map(([name, src]) => [name, markColour(src)]),
        [['PayPal', '#002991'], ['WeChat Pay', '#07C160'], ['Alipay', '#1677FF'], ['UnionPay', null]]
      )
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
        assert.match(await page.locator('.influencer-card__likes').first().textContent(), language === 'en' ? /^\d+ likes?$/ : /^\d+ 个赞$/)

        await page.locator('.influencer-card').filter({ hasText: 'Emma Chen' }).first().click(WAIT)
        await visible(page, '.influencer-profile').waitFor(WAIT)
        await page.waitForFunction(() => {
          const cover = document.querySelector('.influencer-profile__cover img')
          const avatar = document.querySelector('.influencer-profile__avatar img')
          return [cover, avatar].every((img) => img && img.complete && img.naturalWidth > 0)
        }, null, WAIT)
        assert.match(await page.locator('.influencer-profile__cover img').getAttribute('src'), /cover-emma-chen-latte\.svg$/)
        assert.ok((await page.locator('.influencer-profile img[src*="latte-art-practice"]').count()) > 0, 'the gallery shows')
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
