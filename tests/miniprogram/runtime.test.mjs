/**
 * The runner itself is as strict as a phone where the app could lean on kindness (issue 27): each platform reads only
 * its own request-header key, canIUse can say no, the payment, consent and album sheets hide and show the page,
 * showModal can be cancelled, a disabled button takes no tap, and the album can hand back a picture that uploadFile
 * sends. Each test fails on the runner that was kinder.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, it } from 'node:test'
import { addHouseBlendToCart, assertDeviceClean, checkoutAsPickup, PAGES, requestsTo, root, runMiniProgram, serverForFile } from './kit.mjs'

const server = serverForFile()
const PICTURE = path.join(root, 'src/assets/icons/icon-192.png')
const HOME = 'pages/home/index'
const API = 'https://shop.test/api/istore/client'

/** Calls a `wx` / `my` API with callbacks (both platforms take them) and answers { ok, result }. */
const call = (mp, name, options = {}) =>
  new Promise((resolve) => mp.native[name]({ ...options, success: (result) => resolve({ ok: true, result }), fail: (result) => resolve({ ok: false, result }) }))

for (const kind of ['weapp', 'alipay']) {
  const own = kind === 'weapp' ? 'header' : 'headers'
  const other = kind === 'weapp' ? 'headers' : 'header'

  describe(`${kind} runner fidelity`, () => {
    it(`request sends the headers under \`${own}\` and drops those under \`${other}\``, async () => {
      await runMiniProgram(kind, server.baseUrl, {}, async (mp) => {
        await mp.settled()
        const answer = await call(mp, 'request', { url: `${API}/appInfo`, [own]: { 'X-Own-Spelling': 'sent' }, [other]: { 'X-Other-Spelling': 'dropped' } })
        assert.equal(answer.ok, true)
        const sent = mp.requests[mp.requests.length - 1].headers
        assert.equal(sent['X-Own-Spelling'], 'sent')
        assert.equal(sent['X-Other-Spelling'], undefined)
      })
    })

    it('canIUse says no to an API the base library lacks and to one this phone lacks', async () => {
      await runMiniProgram(kind, server.baseUrl, { answers: { unsupported: ['chooseImage'] } }, async (mp) => {
        assert.equal(mp.native.canIUse('request'), true)
        assert.equal(mp.native.canIUse('openEmbeddedMiniProgram'), false)
        assert.equal(mp.native.canIUse('chooseImage'), false)
      })
    })

    it('showModal answered "cancel" says so', async () => {
      await runMiniProgram(kind, server.baseUrl, { answers: { modal: 'cancel' } }, async (mp) => {
        const { ok, result } = await call(mp, 'showModal', { title: 'Remove?', content: 'Remove this line?' })
        assert.equal(ok, true)
        assert.deepEqual({ confirm: result.confirm, cancel: result.cancel }, { confirm: false, cancel: true })
      })
    })

    it('the payment sheet and the album hide the page while open and show it again before answering', async () => {
      await runMiniProgram(kind, server.baseUrl, { answers: { payment: 'cancelled', image: PICTURE } }, async (mp) => {
        await mp.waitForPage(HOME)
        await mp.settled()
        const sheets = [kind === 'weapp' ? ['requestPayment', { timeStamp: '1', nonceStr: 'n', package: 'prepay_id=p', signType: 'RSA', paySign: 's' }] : ['tradePay', { tradeNO: 't' }], ['chooseImage', { count: 1 }]]
        for (const [name, options] of sheets) {
          const before = mp.lifecycle.length
          let seenAtAnswer
          await new Promise((resolve) => mp.native[name]({ ...options, complete: () => resolve((seenAtAnswer = mp.lifecycle.slice(before))) }))
          assert.deepEqual(seenAtAnswer, [{ route: HOME, event: 'onHide' }, { route: HOME, event: 'onShow' }], name)
        }
      })
    })

    it('the album hands back a picture that uploadFile sends as multipart form data', async () => {
      await runMiniProgram(kind, server.baseUrl, { answers: { image: PICTURE } }, async (mp) => {
        await mp.settled()
        const chosen = await call(mp, 'chooseImage', { count: 1 })
        assert.equal(chosen.ok, true)
        const filePath = (kind === 'weapp' ? chosen.result.tempFilePaths : chosen.result.apFilePaths)[0]
        const fileField = kind === 'weapp' ? { name: 'picture' } : { fileName: 'picture', fileType: 'image' }
        const uploaded = await call(mp, 'uploadFile', { url: `${API}/admin/userManagement/image/upload`, filePath, ...fileField })
        assert.equal(uploaded.ok, true)
        // It reached the server, which refuses a stranger's upload (no session, no XSRF token); the journeys upload signed in.
        assert.equal(uploaded.result.statusCode, 403)
        assert.match(mp.requests[mp.requests.length - 1].body.picture, /^\(file icon-192\.png, \d+ bytes\)$/)
        if (kind === 'alipay') {
          const withoutType = await call(mp, 'uploadFile', { url: `${API}/admin/userManagement/image/upload`, filePath, fileName: 'picture' })
          assert.equal(withoutType.ok, false, 'my.uploadFile needs fileType')
        }
      })
    })

    it('a tap on a disabled button does nothing: Place order, busy, is not placed twice', async () => {
      await runMiniProgram(kind, server.baseUrl, {}, async (mp) => {
        await addHouseBlendToCart(mp)
        await checkoutAsPickup(mp)
        // The button is disabled from the render after the tap until the order is placed (a server round trip).
        await mp.waitFor(() => mp.isDisabled('Place order'), { what: 'Place order to be disabled while the order is placed' })
        assert.equal(mp.tap('Place order'), false)
        await mp.waitFor(() => mp.currentPage().route !== PAGES.checkout, { what: 'the checkout to move on' })
        await mp.settled()
        assert.equal(requestsTo(mp, 'POST', '/shoppingManagement4/reserve').length, 1)
        await assertDeviceClean(mp)
      })
    })
  })
}
