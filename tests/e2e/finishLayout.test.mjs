// Issue 29's finish pass, layout part, in headless Chromium against the real server: the 'PWA POWERED BY' bar names the
// provider once.
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
