/**
 * Issue 15 items 2 and 6 on the production builds of both mini-programs against the real server: the blog list (the
 * next posts on reaching the bottom), a post whose body the server sanitised into blocks drawn with the platform's own
 * views, and its linked product opening the product page; a device whose system language is Chinese starts in Chinese;
 * the live-room list asks for 10 rooms.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertDeviceClean, runMiniProgram, serverForFile } from './kit.mjs'

const PAGES = {
  blog: 'packages/blog/pages/index/index',
  post: 'packages/blog/pages/post/index',
  product: 'packages/store/pages/product/index',
  liveRooms: 'pages/wechatlivestreamrooms/index'
}
const SYSTEM_LANGUAGE = { weapp: 'zh_CN', alipay: 'zh-Hans' }

const server = serverForFile()

const apiCalls = (mp, method, path) => mp.requests.filter((r) => r.method === method && r.path.startsWith(`/api/istore/client${path}`))

for (const kind of ['weapp', 'alipay']) {
  describe(`blog on ${kind}`, () => {
    it('lists posts, loads the next on reaching the bottom, reads a post and opens its product', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry: PAGES.blog }, async (mp) => {
        await mp.waitForText('Brewing Longjing at home')
        assert.deepEqual(apiCalls(mp, 'GET', '/common3/blog/posts').map((r) => new URL(r.path, 'https://x').searchParams.get('startingPosition')), ['0'])
        // The page's reach-bottom handler, as the base library calls it at the end of the scroll.
        mp.currentPage().onReachBottom()
        await mp.waitForText('Pu-erh for beginners')
        await mp.waitForText('You have read them all.')
        assert.deepEqual(apiCalls(mp, 'GET', '/common3/blog/posts').map((r) => new URL(r.path, 'https://x').searchParams.get('startingPosition')), ['0', '6'])

        mp.tap('Brewing Longjing at home')
        await mp.waitForPage(PAGES.post)
        await mp.waitForText('What you need')
        const text = mp.text()
        for (const shown of ['Warm the glass.', 'Good tea needs patience, not heat.', 'Products in this post', 'West Lake Longjing 100g']) {
          assert.ok(text.includes(shown), `${shown} in:\n${text}`)
        }
        assert.ok(!/<[a-z]+[ >]/i.test(text), 'no markup shown as text')

        mp.tap('West Lake Longjing 100g')
        await mp.waitForPage(PAGES.product)
        await mp.waitForText('West Lake Longjing 100g')
        assert.equal(apiCalls(mp, 'GET', '/productManagement/product/1011').length > 0 || apiCalls(mp, 'GET', '/productDetailManagement/productDetail/1011').length > 0, true)
        await assertDeviceClean(mp)
      })
    })

    it('a device in Chinese starts in Chinese (no saved choice) and tells the server', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry: PAGES.blog, language: SYSTEM_LANGUAGE[kind] }, async (mp) => {
        await mp.waitForText('在家冲泡西湖龙井')
        await mp.waitFor(() => apiCalls(mp, 'GET', '/common3/changeLocale/zh').length === 1, { what: 'changeLocale/zh' })
        assert.ok(mp.text().includes('博客'))
        await assertDeviceClean(mp)
      })
    })

    it('the live-room list asks for 10 rooms from start 0', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry: PAGES.liveRooms }, async (mp) => {
        await mp.waitFor(() => apiCalls(mp, 'POST', '/wechat/weChatlivestreaminfo').some((r) => r.status === 200), { what: 'the live rooms' })
        const first = apiCalls(mp, 'POST', '/wechat/weChatlivestreaminfo')[0]
        assert.deepEqual(typeof first.body === 'string' ? JSON.parse(first.body) : first.body, { start: 0, limit: 10 })
        await assertDeviceClean(mp)
      })
    })
  })
}
