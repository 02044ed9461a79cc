// Issue 2: the shell renders on the spec's URLs without page errors; unknown paths land on '/'.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, openContext, startStack } from './harness.mjs'

let stack
let browser
before(async () => {
  stack = await startStack()
  browser = await launchBrowser()
})
after(async () => {
  await browser?.close()
  await stack?.stop()
})

for (const viewport of ['phone', 'desktop']) {
  for (const language of ['en', 'zh']) {
    describe(`shell on a ${viewport} window in ${language}`, () => {
      for (const url of ['/', '/store/productlist?cat=shoes', '/checkout/cart', '/user/list']) {
        it(`renders ${url} with the shell and no page error`, async () => {
          const { context, page, errors } = await openContext(browser, { viewport, language })
          try {
            await page.goto(stack.baseUrl + url)
            await page.locator('.shell').first().waitFor()
            await page.locator('.footer').first().waitFor()
            assert.deepEqual(errors.map(String), [])
          } finally {
            await context.close()
          }
        })
      }

      it('redirects an unknown path to /', async () => {
        const { context, page, errors } = await openContext(browser, { viewport, language })
        try {
          await page.goto(`${stack.baseUrl}/no/such/page/here`)
          await page.waitForURL(`${stack.baseUrl}/`)
          await page.locator('.shell').first().waitFor()
          assert.deepEqual(errors.map(String), [])
        } finally {
          await context.close()
        }
      })
    })
  }
}
