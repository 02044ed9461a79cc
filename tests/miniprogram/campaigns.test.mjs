/**
 * Issue 12 on the production builds of both mini-programs (tests/miniprogram/runtime.mjs against the real server): a
 * guest finds the filling group buy in the home page's campaign row, opens it, joins (sent to sign in with the
 * platform's identity, linking the demo account, and back), pays for the campaign cart in the platform's payment sheet,
 * and the confirmation shows the group's progress and invites sharing; the campaign page's share
 * button is the platform's own (WeChat's open-type share button; Alipay's share panel).
 * Then the browser's two-shopper journey (tests/e2e/campaigns.test.mjs): A joins the campaign that lacks two shoppers
 * and shares it from the page's share menu; B opens the shared card, signs up and joins through it; the group fills
 * for both, B marked invited; A's campaign page says "You're in" after paying and, once complete, that the order will
 * be prepared. Each build gets a server of its own: that campaign has room for one pair of shoppers.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertDeviceClean, requestsTo, runMiniProgram, serverForFile, signInWithPlatform } from './kit.mjs'

const DEMO = { email: 'demo@istore.test', password: 'demopass123' }
const CAMPAIGN = 'Mid-Autumn tea & mooncake group buy'
const PAGES = {
  campaign: 'packages/store/pages/groupCampaign/index',
  campaignCart: 'packages/checkout/pages/campaignCart/index',
  login: 'packages/account/pages/login/index'
}
const CONFIRMATION = { weapp: 'pages/confirmation/index', alipay: 'pages/confirmationa/index' }
const PLATFORM = { weapp: 'WeChat', alipay: 'Alipay' }

async function campaignNamed(server, name) {
  const res = await fetch(`${server.baseUrl}/api/istore/client/common3/campaign/fissionList`)
  return (await res.json()).campaigns.find((c) => c.nameContent.en === name)
}

const LAST_CALL = 'Croissant Friday: last call'
const ORDER_LIST = 'packages/user/pages/orders/index'
const SIGNUP = 'packages/account/pages/signup/index'

/** From the campaign page: Join, the campaign cart, the payment sheet; ends on the confirmation, answering the order id. */
async function joinAndPay(mp, kind, campaignId) {
  await mp.waitForText('Join the group')
  mp.tap('Join the group')
  await mp.waitForPage(PAGES.campaignCart)
  await mp.waitForText('Pay and join')
  mp.tap('Pay and join')
  await mp.waitForPage(CONFIRMATION[kind])
  await mp.waitForText('Thank you for your order!')
  const [reserved] = requestsTo(mp, 'POST', `/shoppingManagement4/myCart/fc/${campaignId}/reserve`)
  return String(reserved.response.orderID)
}

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind} build: group buy`, () => {
    const server = serverForFile()

    it('home campaign row → campaign page → sign in → campaign cart → payment sheet → confirmation with the group waiting', async () => {
      const before = await campaignNamed(server, CAMPAIGN)
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
        const after = await campaignNamed(server, CAMPAIGN)
        assert.ok(after.participants >= before.participants && after.participants <= before.participants + 1)
        assert.ok(mp.texts().includes(`${after.participants} of ${after.target} joined`), mp.text())
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it('A joins and shares from the menu; B opens the card, signs up and joins; the group succeeds for both, B marked invited', async () => {
      const campaign = await campaignNamed(server, LAST_CALL)
      assert.equal(campaign.status, 'OPEN')
      assert.equal(campaign.target - campaign.participants, 2, 'the seed leaves two places')
      let shared
      let aOrder
      let aStorage
      // A is the demo shopper, with the platform identity the first journey linked (or links it now).
      await runMiniProgram(kind, server.baseUrl, { entry: `${PAGES.campaign}?id=${campaign.id}`, answers: { identity: `campaign-${kind}`, payment: 'paid' } }, async (mp) => {
        await mp.waitForText('Join the group')
        mp.tap('Join the group')
        await mp.waitForPage(PAGES.login)
        await signInWithPlatform(mp, kind)
        await mp.waitForPage(PAGES.campaign)
        aOrder = await joinAndPay(mp, kind, campaign.id)
        await mp.waitForText('Invite friends so the group fills up before the end.')
        assert.ok(mp.texts().includes(`${campaign.participants + 1} of ${campaign.target} joined`), mp.text())

        // On the campaign page, the share menu: the platform calls the page's onShareAppMessage for the card.
        mp.native.reLaunch({ url: `/${PAGES.campaign}?id=${campaign.id}` })
        await mp.waitForPage(PAGES.campaign)
        await mp.waitForText(`${campaign.participants + 1} of ${campaign.target} joined`)
        // A is in: units and order, the invitation, and joining with more (1 of the limit of 4)
        await mp.waitForText(`You're in: 1 unit, order ${aOrder}`)
        assert.ok(mp.texts().includes('Invite friends so the group fills up before the end.'), mp.text())
        assert.ok(mp.texts().includes('Join with more') && !mp.texts().includes('Join the group'), mp.text())
        await mp.settled()
        shared = mp.currentPage().onShareAppMessage({ from: 'menu' })
        // The sign-in answer carries the shopper's my_id, the inviter a shared card names.
        const signIns = mp.requests.filter((r) => r.method === 'POST' && /\/(wechat|alipay)\/(login|link)$/.test(r.path) && r.response?.myID)
        const { myID } = signIns.at(-1).response
        const [sharedRoute, sharedQuery] = shared.path.replace(/^\//, '').split('?')
        assert.equal(sharedRoute, PAGES.campaign)
        const query = new URLSearchParams(sharedQuery)
        assert.deepEqual([query.get('id'), query.get('FissionSale'), query.get('inviter')], [campaign.id, campaign.id, myID])
        await assertDeviceClean(mp)
        aStorage = { ...mp.storage }
      })

      // B: a new shopper opening A's card, signing up on the way to joining.
      let bOrder
      await runMiniProgram(kind, server.baseUrl, { entry: shared.path.replace(/^\//, ''), answers: { identity: `campaign-b-${kind}`, payment: 'paid' } }, async (mp) => {
        await mp.waitForText('Join the group')
        mp.tap('Join the group')
        await mp.waitForPage(PAGES.login)
        await mp.waitForText('Create an account')
        mp.tap('Create an account')
        await mp.waitForPage(SIGNUP)
        await mp.waitForText('Create account')
        const email = `mp-campaign-b-${kind}-${Date.now().toString(36)}@example.com`
        for (const [name, value] of Object.entries({ firstName: 'Bruno', lastName: 'Shopper', emailID: email, password: 'longenough1', confirmPassword: 'longenough1' })) mp.input(name, value)
        await mp.settled()
        mp.tap('Create account')
        await mp.waitForPage(PAGES.campaign)
        assert.equal(mp.currentPage().options.inviter, new URLSearchParams(shared.path.split('?')[1]).get('inviter'))
        bOrder = await joinAndPay(mp, kind, campaign.id)
        assert.notEqual(bOrder, aOrder)
        await mp.waitForText(`${campaign.target} of ${campaign.target} joined`)
        assert.ok(!mp.texts().includes('Invite friends so the group fills up before the end.'), 'a complete group invites nobody')
        await mp.settled()
        await assertDeviceClean(mp)
      })

      // A comes back (the same phone): the order says the group succeeded, the campaign page shows it complete.
      await runMiniProgram(kind, server.baseUrl, { entry: ORDER_LIST, storage: aStorage }, async (mp) => {
        await mp.waitForText(`Order ${aOrder}`)
        await mp.waitForText('Group buy succeeded')
        mp.native.reLaunch({ url: `/${PAGES.campaign}?id=${campaign.id}` })
        await mp.waitForPage(PAGES.campaign)
        await mp.waitForText('Group complete')
        await mp.waitForText(`You're in: 1 unit, order ${aOrder}`)
        await mp.waitForText(`The group is complete: your order will be prepared for pickup at ${campaign.localStoreName.en}.`)
        assert.equal(mp.textsOf('campaign-participant__name').length, campaign.target)
        assert.deepEqual(mp.textsOf('campaign-participant__invited'), ['invited'])
        assert.ok(!mp.texts().includes('Join the group'), mp.text())
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })
  })
}
