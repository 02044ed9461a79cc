// Issue 2: the shell renders on the spec's URLs without page errors; unknown paths land on '/'.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openContext, withStackAndBrowser } from './harness.mjs'

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
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

      it("shows the store's name in the language: header, footer copyright, page title", async () => {
        // The demo store's storeNameContent (server/src/seed/store.ts).
        const name = language === 'zh' ? '枫玉市集' : 'Maple & Jade Market'
        const { context, page, errors } = await openContext(browser, { viewport, language })
        try {
          await page.goto(`${stack.baseUrl}/checkout/cart`)
          const brand = page.locator('.header__brand').first()
          await brand.waitFor()
          const logo = brand.locator('img')
          const shown = (await logo.count()) ? await logo.first().getAttribute('alt') : await brand.textContent()
          assert.equal(shown, name)
          await page.locator('.footer__copyright').first().waitFor()
          assert.match(await page.locator('.footer__copyright').first().textContent(), new RegExp(name))
          await page.waitForFunction((n) => document.title.endsWith(n), name)
          assert.deepEqual(errors.map(String), [])
        } finally {
          await context.close()
        }
      })

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
