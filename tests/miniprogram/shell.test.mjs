/**
 * The browser's shell journeys (tests/e2e/shell.test.mjs) on the production builds of both mini-programs: a page path
 * the build does not have (a share card or QR code of an older version) opens the home page instead (the app's
 * onPageNotFound), and so does a general page the store does not have; the store's name, in the device's language,
 * ends each page's title in the navigation bar; the footer shows the brand marks the API serves.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertDeviceClean, PAGES, runMiniProgram, serverForFile } from './kit.mjs'

const SYSTEM_LANGUAGE = { en: { weapp: 'en', alipay: 'en' }, zh: { weapp: 'zh_CN', alipay: 'zh-Hans' } }
/** The demo store's storeNameContent (server/src/seed/store.ts). */
const STORE_NAME = { en: 'Maple & Jade Market', zh: '枫玉市集' }

const server = serverForFile()

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: the shell`, () => {
    it('a page path the build does not have opens the home page', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry: 'pages/no/such/page?from=old-share-card' }, async (mp) => {
        await mp.waitForPage(PAGES.home)
        await mp.waitForText('Tea Gift Box')
        await mp.settled()
        assert.equal(mp.stack.length, 1, 'home replaces the missing page')
        // The host reported the missing entry page: the one refusal, the app's answer to it is home.
        assert.deepEqual(mp.refusals, [{ kind: 'page-not-found', detail: 'pages/no/such/page' }])
        mp.refusals.length = 0
        await assertDeviceClean(mp)
      })
    })

    it('a general page the store does not have goes home', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry: 'pages/general/index?name=no-such-page' }, async (mp) => {
        await mp.waitForPage(PAGES.home)
        await mp.waitForText('Tea Gift Box')
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it('the footer shows every payment method and social link with its brand mark, loaded from the API', async () => {
      await runMiniProgram(kind, server.baseUrl, {}, async (mp) => {
        await mp.waitForPage(PAGES.home)
        // The demo store's payment methods and its social networks with a page (server/src/seed/store.ts); simple-icons
        // has no LinkedIn mark, and its LinkedIn has no page anyway. Every mark is the file the API serves, none bundled.
        const expected = ['alipay', 'facebook', 'instagram', 'paypal', 'pinterest', 'unionpay', 'wechat', 'youTube']
          .map((name) => `https://shop.test/api/istore/client/common3/brandMark/${name}.svg`)
        const marks = () => [...mp.imageSources].filter((src) => src.includes('/brandMark/')).sort()
        await mp.waitFor(() => marks().length >= expected.length, { what: `the ${expected.length} brand marks shown` })
        assert.deepEqual(marks(), expected)
        assert.deepEqual(mp.textsOf('footer__payment'), ['PayPal', 'WeChat Pay', 'Alipay', 'UnionPay'])
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    for (const language of ['en', 'zh']) {
      it(`the store's name in ${language} ends the page title`, async () => {
        await runMiniProgram(kind, server.baseUrl, { entry: PAGES.cart, language: SYSTEM_LANGUAGE[language][kind] }, async (mp) => {
          await mp.waitForPage(PAGES.cart)
          await mp.waitFor(() => mp.currentPage().title.endsWith(STORE_NAME[language]), { what: `a title ending in ${STORE_NAME[language]}` })
          await mp.settled()
          await assertDeviceClean(mp)
        })
      })
    }
  })
}
