/**
 * Issue 14 on the production builds of both mini-programs against the real reference server: a shopper opens the
 * influencer list, a seeded profile with its picks, taps Like as a guest and is sent to sign in (WeChat / Alipay
 * identity linked to the demo account), comes back, likes twice with one like counted, and opens a pick's product page.
 * The browser's application (tests/e2e/influencers.test.mjs) on both builds: a new shopper signs up, applies with a
 * picture from the album and a "My picks" section holding a product found by search, and waits for review; an
 * unreviewed profile is not listed.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, it } from 'node:test'
import { assertDeviceClean, miniProgramsOn, requestsTo, root, serverForFile, SIGN_IN_BUTTON } from './kit.mjs'

const DEMO = { email: 'demo@istore.test', password: 'demopass123' }
const PAGES = {
  list: 'packages/store/pages/influencers/index',
  profile: 'packages/store/pages/influencer/index',
  login: 'packages/account/pages/login/index',
  product: 'packages/store/pages/product/index'
}
// Seed (server/src/features/influencers/seed.ts): each platform likes its own profile, so each sees its own first like.
const SEEDED = {
  weapp: { name: 'Lin Hua · Tea notes', section: 'Spring tea picks', pick: 'West Lake Longjing 100g' },
  alipay: { name: 'Emma Chen · Morning coffee', section: 'Weekend breakfast', pick: 'Butter Croissant 4-pack' }
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

const APPLY = 'packages/user/pages/influencer/index'
const SIGNUP = 'packages/account/pages/signup/index'
const PICTURE = path.join(root, 'src/assets/icons/icon-192.png')
// Seed catalogue (server/src/seed/catalogue.ts).
const COLOMBIA = { id: '1003', name: 'Colombia Supremo 340g' }

for (const kind of ['weapp', 'alipay']) {
  describe(`influencer application on ${kind}`, () => {
    it('a new shopper applies with a picture from the album and a "My picks" section found by search; the profile waits for review, unlisted', async () => {
      const entry = `${SIGNUP}?redirect=${encodeURIComponent('/user/influencer')}`
      const name = `Ada picks (${kind})`
      let id
      await withMiniProgram(kind, { entry, answers: { image: PICTURE } }, async (mp) => {
        await mp.waitForText('Create account')
        const email = `mp-influencer-${kind}-${Date.now().toString(36)}@example.com`
        for (const [field, value] of Object.entries({ firstName: 'Ada', lastName: 'Picks', emailID: email, password: 'longenough1', confirmPassword: 'longenough1' })) mp.input(field, value)
        await mp.settled()
        mp.tap('Create account')
        await mp.waitForPage(APPLY)
        await mp.waitForText('Not applied')
        await mp.settled()
        mp.tapClass('influencer-status__edit')
        await mp.waitFor(() => mp.textsOf('influencer-editor__add-image').length > 0, { what: 'the editor' })
        await mp.settled()
        mp.input('displayName', name)
        mp.input('bioEn', 'Coffee every morning.')

        // A picture from the album, uploaded with the platform's uploadFile.
        mp.tapClass('influencer-editor__add-image')
        const uploads = () => requestsTo(mp, 'POST', '/admin/userManagement/image/influencer/upload')
        await mp.waitFor(() => uploads().length === 1, { what: 'the picture uploaded' })
        assert.equal(uploads()[0].status, 200)
        await mp.waitFor(() => mp.groupsOf('influencer-editor__gallery-item').length === 1, { what: 'the picture in the gallery' })

        // A "My picks" section from the store's template, with a product found by search.
        mp.tap('Add "My picks"')
        await mp.waitFor(() => mp.groupsOf('influencer-editor__section').length === 1, { what: 'the section' })
        await mp.settled()
        mp.input('pickSearch0', 'Colombia')
        mp.tapClass('influencer-editor__search-go')
        await mp.waitFor(() => requestsTo(mp, 'GET', '/productManagement2/products/search/Colombia').length === 1, { what: 'the search' })
        await mp.waitFor(() => mp.textsOf('influencer-editor__results').join(' ').includes(COLOMBIA.name) || mp.text().includes(COLOMBIA.name), { what: 'the result' })
        await mp.settled()
        const results = mp.groupsOf('influencer-editor__result')
        const at = results.findIndex((texts) => texts.includes(COLOMBIA.name))
        assert.ok(at >= 0, mp.text())
        mp.tapClass('influencer-editor__add-pick', { nth: at })
        await mp.waitFor(() => mp.groupsOf('influencer-editor__pick').some((texts) => texts.includes(COLOMBIA.name)), { what: 'the pick' })
        await mp.settled()

        mp.tapClass('influencer-editor__save')
        const applied = () => requestsTo(mp, 'POST', '/admin/userManagement/influencerProfile')
        await mp.waitFor(() => applied().length === 1, { what: 'the application' })
        assert.equal(applied()[0].status, 200)
        assert.equal(applied()[0].response.status, 'PENDING')
        assert.equal(applied()[0].body.displayName, name)
        assert.equal(applied()[0].body.gallery.length, 1)
        assert.deepEqual(applied()[0].body.sections.map((section) => section.productIds), [[COLOMBIA.id]])
        id = applied()[0].response.id
        await mp.waitForText('Waiting for review')
        await mp.settled()
        await assertDeviceClean(mp)
      })
      // Nothing unreviewed is public.
      const listed = await (await fetch(`${server.baseUrl}/api/istore/client/common3/influencerProfile/list?numberToLoad=100`)).json()
      assert.equal(listed.profiles.some((p) => p.id === id), false)
    })
  })
}
