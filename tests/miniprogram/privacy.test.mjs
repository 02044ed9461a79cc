/**
 * The privacy prompt on both builds (issue 41 item 1): a shopper who has not yet agreed to the store's privacy guide
 * taps "Change picture" on My account. The host (WeChat: wx.requirePrivacyAuthorize; Alipay, with app.json's
 * usePrivacyCheck: my.getPrivacySetting) needs agreement, so the store's own prompt shows what it is about to do and the
 * guide (opened with openPrivacyContract). Not now: the album never opens, nothing is uploaded, and the page says why;
 * asked again, Agree (the host's agreePrivacyAuthorization button, which tells the host) opens the album and the
 * picture is uploaded; and the host does not ask again.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, it } from 'node:test'
import { assertDeviceClean, requestsTo, root, runMiniProgram, serverForFile, signInWithPlatform } from './kit.mjs'

const LOGIN = 'packages/account/pages/login/index'
const ACCOUNT = 'packages/user/pages/list/index'
const PICTURE = path.join(root, 'src/assets/icons/icon-192.png')
const UPLOAD = '/admin/userManagement/image/upload'
const PROMPT = 'To choose a picture from your album, the store needs your agreement to its privacy guide, which says what it collects and why.'
const REFUSED = 'Not done: you did not agree to the privacy guide, so the store did not choose a picture from your album. Agree when it asks again to go on.'

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: the privacy prompt before the album`, () => {
    const server = serverForFile()
    const entry = `${LOGIN}?redirect=${encodeURIComponent('/user/list')}`

    it('refused: nothing is chosen and the page says why; agreed: the album opens and the picture is uploaded', async () => {
      const answers = { identity: `privacy-${kind}`, image: PICTURE, privacy: 'ask' }
      await runMiniProgram(kind, server.baseUrl, { entry, answers }, async (mp) => {
        await signInWithPlatform(mp, kind)
        await mp.waitForPage(ACCOUNT)
        await mp.waitForText('Change picture')
        await mp.settled()

        mp.tap('Change picture')
        await mp.waitForText(PROMPT)
        assert.ok(mp.text().includes('Read 《iStore小程序隐私保护指引》'), 'the guide by the name the host gives it')
        mp.tap('Read 《iStore小程序隐私保护指引》')
        await mp.waitFor(() => mp.calls.some((c) => c.name === 'openPrivacyContract'), { what: 'the guide opened' })
        mp.tap('Not now')
        await mp.waitForText(REFUSED)
        await mp.settled()
        assert.ok(!mp.calls.some((c) => c.name === 'chooseImage'), 'the album never opened')
        assert.equal(requestsTo(mp, 'POST', UPLOAD).length, 0)
        assert.ok(!mp.text().includes(PROMPT))

        mp.tap('OK')
        await mp.waitFor(() => !mp.text().includes(REFUSED), { what: 'the notice dismissed' })
        mp.tap('Change picture')
        await mp.waitForText(PROMPT)
        mp.tap('Agree')
        await mp.waitFor(() => requestsTo(mp, 'POST', UPLOAD).length === 1, { what: `POST ${UPLOAD}` })
        const [upload] = requestsTo(mp, 'POST', UPLOAD)
        assert.equal(upload.status, 200)
        const { profileImage } = JSON.parse(upload.response)
        await mp.waitFor(() => [...mp.imageSources].some((src) => src.endsWith(profileImage)), { what: `the picture ${profileImage} shown` })
        await mp.settled()
        assert.ok(!mp.text().includes(PROMPT))
        await assertDeviceClean(mp)

        // Agreed once: the next picture asks nothing (the album opens at once; its upload replaces the first picture).
        const asked = mp.privacyRequests.length
        mp.tap('Change picture')
        await mp.waitFor(() => mp.calls.filter((c) => c.name === 'chooseImage').length === 2, { what: 'the album again' })
        assert.equal(mp.privacyRequests.length, asked)
        assert.ok(!mp.text().includes(PROMPT))
        await mp.waitFor(() => requestsTo(mp, 'POST', UPLOAD).length === 2, { what: 'a second upload' })
        await mp.settled()
      })
    })
  })
}
