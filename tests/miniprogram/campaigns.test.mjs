/**
 * Issue 12 on the production builds of both mini-programs (tests/miniprogram/runtime.mjs against the real server): a
 * guest finds the filling group buy in the home page's campaign row, opens it, joins (sent to sign in with the
 * platform's identity, linking the demo account, and back), pays for the campaign cart in the platform's payment sheet,
 * and the confirmation shows the group's progress and invites sharing; the campaign page's share
 * button is the platform's own (WeChat's open-type share button; Alipay's share panel).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertDeviceClean, requestsTo, runMiniProgram, serverForFile } from './kit.mjs'

const DEMO = { email: 'demo@istore.test', password: 'demopass123' }
const CAMPAIGN = 'Mid-Autumn tea & mooncake group buy'
const PAGES = {
  campaign: 'packages/store/pages/groupCampaign/index',
  campaignCart: 'packages/checkout/pages/campaignCart/index',
  login: 'packages/account/pages/login/index'
}
const CONFIRMATION = { weapp: 'pages/confirmation/index', alipay: 'pages/confirmationa/index' }
const PLATFORM = { weapp: 'WeChat', alipay: 'Alipay' }

const server = serverForFile()

async function campaignNamed(name) {
  const res = await fetch(`${server.baseUrl}/api/istore/client/common3/campaign/fissionList`)
  return (await res.json()).campaigns.find((c) => c.nameContent.en === name)
}

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind} build: group buy`, () => {
    it('home campaign row → campaign page → sign in → campaign cart → payment sheet → confirmation with the group waiting', async () => {
      const before = await campaignNamed(CAMPAIGN)
      assert.equal(before.status, 'OPEN')
      await runMiniProgram(kind, server.baseUrl, { answers: { identity: `campaign-${kind}`, payment: 'paid' } }, async (mp) => {
        await mp.waitForText('Group buys')
        await mp.waitForText(CAMPAIGN)
        mp.tap(CAMPAIGN)
        await mp.waitForPage(PAGES.campaign)
        assert.equal(mp.currentPage().options.id, before.id)
        await mp.waitForText('Join the group')
        assert.ok(mp.texts().some((t) => /^Ends in (\d+d )?\d\d:\d\d:\d\d$/.test(t)), mp.text())
        assert.ok(mp.texts().includes(`${before.participants} of ${before.target} joined`), mp.text())
        assert.ok(mp.texts().includes('Share'), 'the platform share button is on the campaign page')

        // a guest joining is sent to sign in, and comes back to the campaign
        mp.tap('Join the group')
        await mp.waitForPage(PAGES.login)
        mp.tap(`Sign in with ${PLATFORM[kind]}`)
        const loginPath = kind === 'weapp' ? '/wechat/login' : '/alipay/login'
        await mp.waitFor(() => requestsTo(mp, 'POST', loginPath).length === 1, { what: `POST ${loginPath}` })
        await mp.settled()
        mp.input('emailID', DEMO.email)
        mp.input('password', DEMO.password)
        mp.tap(`Sign in and link ${PLATFORM[kind]}`)
        await mp.waitForPage(PAGES.campaign)
        await mp.waitForText('Join the group')
        mp.tap('Join the group')

        await mp.waitForPage(PAGES.campaignCart)
        assert.equal(mp.currentPage().options.FissionSale, before.id)
        await mp.waitForText('Pay and join')
        const [added] = requestsTo(mp, 'POST', `/shoppingManagement4/myCart/fc/${before.id}`)
        assert.equal(added.status, 200)
        assert.deepEqual(Object.keys(added.body).sort(), ['itemId', 'quantity'])
        mp.tap('Pay and join')
        await mp.waitForPage(CONFIRMATION[kind])
        await mp.waitForText('Thank you for your order!')
        const [reserved] = requestsTo(mp, 'POST', `/shoppingManagement4/myCart/fc/${before.id}/reserve`)
        assert.equal(reserved.status, 200)
        assert.ok(mp.calls.some((c) => c.name === (kind === 'weapp' ? 'requestPayment' : 'tradePay')), 'the platform payment sheet was shown')
        await mp.waitForText('Invite friends so the group fills up before the end.')
        const after = await campaignNamed(CAMPAIGN)
        assert.ok(after.participants >= before.participants && after.participants <= before.participants + 1)
        assert.ok(mp.texts().includes(`${after.participants} of ${after.target} joined`), mp.text())
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })
  })
}
