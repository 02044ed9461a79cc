/**
 * Issue 14 on the production builds of both mini-programs against the real reference server: a shopper opens the
 * influencer list, a seeded profile with its picks, taps Like as a guest and is sent to sign in (WeChat / Alipay
 * identity linked to the demo account), comes back, likes twice with one like counted, and opens a pick's product page.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertDeviceClean, miniProgramsOn, requestsTo, serverForFile, SIGN_IN_BUTTON } from './kit.mjs'

const DEMO = { email: 'demo@istore.test', password: 'demopass123' }
const PAGES = {
  list: 'packages/store/pages/influencers/index',
  profile: 'packages/store/pages/influencer/index',
  login: 'packages/account/pages/login/index',
  product: 'packages/store/pages/product/index'
}
// Seed (server/src/features/influencers/seed.ts): each platform likes its own profile, so each sees its own first like.
const SEEDED = {
  weapp: { name: 'Lin Hua · Tea notes', section: 'Spring tea picks · 春茶精选', pick: 'West Lake Longjing 100g' },
  alipay: { name: 'Emma Chen · Morning coffee', section: 'Weekend breakfast · 周末早餐', pick: 'Butter Croissant 4-pack' }
}

const server = serverForFile()

const withMiniProgram = miniProgramsOn(() => server.baseUrl)

for (const kind of ['weapp', 'alipay']) {
  const seeded = SEEDED[kind]
  describe(`influencers on ${kind}`, () => {
    it('list → profile with picks → like as a guest goes to sign-in and back → two likes count once → a pick opens its product', async () => {
      await withMiniProgram(kind, { entry: PAGES.list, answers: { identity: `influencer-${kind}` } }, async (mp) => {
        await mp.waitForText(seeded.name)
        mp.tap(seeded.name)
        await mp.waitForPage(PAGES.profile)
        await mp.waitForText(seeded.section)
        await mp.waitForText(seeded.pick)
        const id = /\/detail\/(\d+)/.exec(requestsTo(mp, 'GET', '/common3/influencerProfile/detail/')[0].path)[1]

        mp.tap('Like')
        await mp.waitForPage(PAGES.login)
        mp.tap(SIGN_IN_BUTTON[kind])
        const loginPath = kind === 'weapp' ? '/wechat/login' : '/alipay/login'
        await mp.waitFor(() => requestsTo(mp, 'POST', loginPath).length === 1, { what: `POST ${loginPath}` })
        await mp.settled()
        mp.input('emailID', DEMO.email)
        mp.input('password', DEMO.password)
        mp.tap(`Sign in and link ${kind === 'weapp' ? 'WeChat' : 'Alipay'}`)
        await mp.waitForPage(PAGES.profile)
        await mp.waitForText(seeded.section)

        const like = `/admin/userManagement/user/like/${id}/true`
        mp.tap('Like')
        await mp.waitFor(() => requestsTo(mp, 'GET', like).length === 1 && requestsTo(mp, 'GET', like)[0].status, { what: 'the first like' })
        await mp.waitForText('Liked')
        mp.tap('Liked')
        await mp.waitFor(() => requestsTo(mp, 'GET', like).length === 2 && requestsTo(mp, 'GET', like)[1].status, { what: 'the second like' })
        for (const r of requestsTo(mp, 'GET', like)) assert.deepEqual([r.status, r.response], [200, { liked: true, likes: 1 }])
        await mp.waitFor(() => mp.text().split('\n').includes('1 like'), { what: 'the line "1 like" (singular)' })

        mp.tap(seeded.pick)
        await mp.waitForPage(PAGES.product)
        await mp.waitForText('Add to cart')
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })
  })
}
