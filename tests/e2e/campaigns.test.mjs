// Issue 12: group-buy campaigns in headless Chromium against the real server, its payment sandbox and its operator CLI.
// English, two shoppers in two browser contexts (A on a phone, B on a desktop): A finds the seeded campaign that ends
// within the hour on /store, joins and pays; B arrives through A's share link (FissionSale + inviter), joins and pays;
// the target is reached and both see the group succeed (confirmation progress, order lists, campaign page with B marked
// invited); A's campaign page says "You're in" after paying and what happens to the order once the group is complete.
// Chinese, on a phone: C joins the seeded campaign that is still filling and pays; the operator ends it with
// `npm run campaigns -- end <id>` (the embedded database is one process's, so the server is stopped for the CLI and
// started again on the same data, as an operator would); C's order shows as refunded and the campaign as not filled, on
// the campaign page with C's part and the refund.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { rmSync, existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchBrowser, openContext } from './harness.mjs'
import { API, PASSWORD, visible, WAIT } from './steps.mjs'
import { seededDataDir, startServerProcess } from '../support/referenceServer.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const EN = {
  row: 'Group buys',
  join: 'Join the group',
  pay: 'Pay and join',
  success: 'Thank you for your order!',
  invite: 'Invite friends so the group fills up before the end.',
  succeeded: 'Group buy succeeded',
  complete: 'Group complete',
  invited: 'invited',
  joinMore: 'Join with more',
  viewOrder: 'View order'
}
const ZH = { join: '参加拼团', pay: '付款参团', success: '感谢您的订购！', refunded: '拼团未成：已退款', failed: '未能按时成团，所有付款将自动退款。' }

let dataDir
const staticDir = path.join(root, 'dist/h5')
let server
let browser
before(async () => {
  if (!existsSync(path.join(staticDir, 'index.html'))) throw new Error('dist/h5 is not built: run npm run build:h5')
  dataDir = await seededDataDir('istore-e2e-campaigns-')
  server = await startServerProcess({ dataDir, staticDir })
  browser = await launchBrowser()
})
after(async () => {
  await browser?.close()
  await server?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

const base = () => server.baseUrl

async function open(page, url) {
  await page.goto(base() + url)
  await visible(page, '.shell').first().waitFor(WAIT)
}

async function api(pathAndQuery) {
  const res = await fetch(`${base()}${API}${pathAndQuery}`)
  assert.equal(res.status, 200, pathAndQuery)
  return res.json()
}

/** Polls a condition on the server (the refund worker runs in the server process). */
async function until(what, probe, ms = 30_000) {
  const end = Date.now() + ms
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const seededCampaign = async (name) => (await api('/common3/campaign/fissionList')).campaigns.find((c) => c.nameContent.en === name)

/** A new account, signed up through the API with the context's own cookies and XSRF token; answers its my_id. */
async function signUp(page, context, firstName) {
  assert.equal((await page.request.get(`${base()}${API}/health`)).status(), 200)
  const xsrf = (await context.cookies(base())).find((c) => c.name === 'XSRF-TOKEN')?.value
  assert.ok(xsrf)
  const email = `${firstName.toLowerCase()}-${Date.now()}@example.com`
  const res = await page.request.post(`${base()}${API}/common3/clientRegistration`, {
    data: { emailID: email, password: PASSWORD, firstName, lastName: 'Shopper' },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) }
  })
  assert.equal(res.status(), 200, await res.text())
  const info = await (await page.request.get(`${base()}${API}/common3/appInfoInit`)).json()
  assert.ok(info.myID)
  return info.myID
}

/** On the campaign page: joins with the first item, lands in the campaign cart, pays in the sandbox; answers the order id. */
async function joinAndPay(page, campaignId, text) {
  await visible(page, `.campaign-page[data-campaign-id="${campaignId}"]`).waitFor(WAIT)
  await visible(page, '.campaign-item__join').first().getByText(text.join).click(WAIT)
  await page.waitForURL((url) => url.pathname === '/checkout/campaignCart' && url.searchParams.get('FissionSale') === campaignId, WAIT)
  await visible(page, '.campaign-cart .campaign-cart__line').first().waitFor(WAIT)
  await visible(page, '.checkout-choices__option[data-name="paymentMethod"][data-value="WECHAT_PAY"]').click(WAIT)
  await visible(page, '.checkout-choices__option[data-name="paymentMethod"][data-value="WECHAT_PAY"][aria-checked="true"]').waitFor(WAIT)
  await visible(page, '.campaign-cart__pay').getByText(text.pay).click(WAIT)
  await page.waitForURL((url) => url.pathname.startsWith(`${API}/sandbox/pay/`), WAIT)
  const orderID = (await page.locator('#sandbox-order').innerText(WAIT)).trim()
  await page.locator('#sandbox-pay').click(WAIT)
  await page.waitForURL((url) => url.pathname.startsWith('/confirmation'), WAIT)
  await visible(page, '.confirmation--success .confirmation__heading').getByText(text.success, { exact: true }).waitFor(WAIT)
  return orderID
}

describe('group-buy campaigns', () => {
  it('two shoppers in two browsers: A joins and shares, B joins through the link, the group succeeds for both', async () => {
    const campaign = await seededCampaign('Croissant Friday: last call')
    assert.equal(campaign.status, 'OPEN')
    assert.equal(campaign.target - campaign.participants, 2, 'the seed leaves two places')
    const a = await openContext(browser, { viewport: 'phone', language: 'en' })
    const b = await openContext(browser, { viewport: 'desktop', language: 'en' })
    try {
      const aId = await signUp(a.page, a.context, 'Alice')
      await signUp(b.page, b.context, 'Bruno')

      // A finds the campaign on /store: progress and a countdown from the server's clock
      await open(a.page, '/store')
      const card = visible(a.page, `.campaign-card[data-campaign-id="${campaign.id}"]`)
      await card.waitFor(WAIT)
      assert.equal(await visible(a.page, '.campaign-row__title').innerText(), EN.row)
      assert.match(await card.locator('.campaign-clock').innerText(), /^Ends in \d\d:\d\d:\d\d$/)
      await card.click(WAIT)
      await a.page.waitForURL((url) => url.pathname === `/store/groupCampaign/${campaign.id}`, WAIT)
      await visible(a.page, '.campaign-progress__text').getByText(`${campaign.participants} of ${campaign.target} joined`).waitFor(WAIT)
      await visible(a.page, '.campaign-page__share .share-actions__button').waitFor(WAIT)
      const aOrder = await joinAndPay(a.page, campaign.id, EN)
      const aConfirmation = visible(a.page, `.confirmation-campaign[data-campaign-id="${campaign.id}"]`)
      await aConfirmation.getByText(EN.invite).waitFor(WAIT)
      await aConfirmation.getByText(`${campaign.participants + 1} of ${campaign.target} joined`).waitFor(WAIT)

      // Back on the campaign page (a fresh load: the server's written first answer) A is in: units and order, the
      // invitation beside the share actions, and joining with more (1 of the limit of 4)
      await open(a.page, `/store/groupCampaign/${campaign.id}`)
      const aPart = visible(a.page, '.campaign-you[data-participation="JOINED"]')
      await aPart.waitFor(WAIT)
      assert.equal((await aPart.locator('.campaign-you__headline').innerText()).trim(), `You're in: 1 unit, order ${aOrder}`)
      await aPart.getByText(EN.invite).waitFor(WAIT)
      await aPart.locator('.campaign-page__share .share-actions__button').waitFor(WAIT)
      await visible(a.page, '.campaign-item__join').getByText(EN.joinMore).first().waitFor(WAIT)
      assert.equal(await visible(a.page, '.campaign-item__join').getByText(EN.join).count(), 0)

      // B arrives through A's share link
      await open(b.page, `/store/groupCampaign/${campaign.id}?FissionSale=${campaign.id}&inviter=${encodeURIComponent(aId)}`)
      const bOrder = await joinAndPay(b.page, campaign.id, EN)
      assert.notEqual(aOrder, bOrder)
      const bConfirmation = visible(b.page, `.confirmation-campaign[data-campaign-id="${campaign.id}"]`)
      await bConfirmation.getByText(`${campaign.target} of ${campaign.target} joined`).waitFor(WAIT)
      assert.equal(await bConfirmation.getByText(EN.invite).count(), 0, 'a complete group invites nobody')
      await open(b.page, '/user/orders')
      await visible(b.page, `.order-row[data-order-id="${bOrder}"] .campaign-order-state`).getByText(EN.succeeded).waitFor(WAIT)

      // A sees the success in their orders, and the campaign page shows the group complete with B marked invited
      await open(a.page, '/user/orders')
      await visible(a.page, `.order-row[data-order-id="${aOrder}"] .campaign-order-state`).getByText(EN.succeeded).waitFor(WAIT)
      await open(a.page, `/store/groupCampaign/${campaign.id}`)
      await visible(a.page, '.campaign-page__status').getByText(EN.complete).waitFor(WAIT)
      assert.equal(await visible(a.page, '.campaign-participant').count(), campaign.target)
      assert.equal(await visible(a.page, '.campaign-participant__invited').count(), 1)
      assert.equal(await visible(a.page, '.campaign-item__join').count(), 0)
      // and what happens to A's order, with the way to it
      const aDone = visible(a.page, '.campaign-you[data-participation="JOINED"]')
      assert.equal((await aDone.locator('.campaign-you__headline').innerText()).trim(), `You're in: 1 unit, order ${aOrder}`)
      assert.equal(
        (await aDone.locator('.campaign-you__outcome').innerText()).trim(),
        `The group is complete: your order will be prepared for pickup at ${campaign.localStoreName.en}.`
      )
      await aDone.locator('.campaign-you__link').getByText(EN.viewOrder).click(WAIT)
      await a.page.waitForURL((url) => url.pathname === `/user/orders/${aOrder}`, WAIT)
      assert.deepEqual([...a.errors, ...b.errors], [])
    } finally {
      await a.context.close()
      await b.context.close()
    }
  })

  it('zh: a campaign the operator ends before it fills refunds its shopper, who sees the order refunded', async () => {
    const campaign = await seededCampaign('Mid-Autumn tea & mooncake group buy')
    assert.equal(campaign.status, 'OPEN')
    const c = await openContext(browser, { viewport: 'phone', language: 'zh' })
    try {
      await signUp(c.page, c.context, 'Chen')
      await open(c.page, `/store/groupCampaign/${campaign.id}`)
      const orderID = await joinAndPay(c.page, campaign.id, ZH)

      // The operator ends it with the CLI; on the embedded database the server is stopped for that, then started again
      // (on a new port). The shopper's tab is closed first (nothing of it runs against the stopped server); the same
      // browser context (cookies: the same session) opens a new one afterwards.
      await c.page.close()
      await server.stop()
      const out = execFileSync('npm', ['--prefix', 'server', 'run', '--silent', 'campaigns', '--', 'end', campaign.id], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
        encoding: 'utf8'
      })
      assert.match(out, new RegExp(`campaign #${campaign.id} ended: FAILED with ${campaign.participants + 1} participant\\(s\\), ${campaign.participants + 1} refund\\(s\\)`))
      server = await startServerProcess({ dataDir, staticDir })
      const page = await c.context.newPage()
      page.on('pageerror', (err) => c.errors.push(err))

      // The refund worker of the restarted server sends the refund (its first round runs at start); then the
      // shopper's order list says refunded.
      await until('the refund to be done', async () => {
        const res = await page.request.get(`${base()}${API}/admin/orderManagement/order/${orderID}`)
        return (await res.json()).status === 'REFUNDED'
      })
      await open(page, '/user/orders')
      const state = visible(page, `.order-row[data-order-id="${orderID}"] .campaign-order-state`)
      await state.waitFor(WAIT)
      assert.equal(await state.getAttribute('data-campaign-state'), 'refunded')
      assert.equal((await state.innerText()).trim(), ZH.refunded)
      await open(page, `/store/groupCampaign/${campaign.id}`)
      await visible(page, '.campaign-page__closed').getByText(ZH.failed).waitFor(WAIT)
      // the page tells C where their money is
      const part = visible(page, '.campaign-you[data-participation="REFUNDED"]')
      await part.waitFor(WAIT)
      assert.equal((await part.locator('.campaign-you__headline').innerText()).trim(), `你参加了此团：1 件，订单 ${orderID}`)
      assert.equal((await part.locator('.campaign-you__outcome').innerText()).trim(), ZH.refunded)
      assert.deepEqual(c.errors, [])
    } finally {
      await c.context.close()
    }
  })
})
