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
