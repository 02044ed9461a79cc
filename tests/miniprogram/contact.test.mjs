/**
 * Contact and support on both builds (the browser's mailContact journey): the tab bar's Chat, a host messenger page
 * neither build has, offers the store's support instead, the contact page; a message without a way to answer is held
 * back with why, then sent with an e-mail address and thanked for. WeChat's own customer-service conversation (a
 * contact button's tap) is WeChat's native screen, which no runner can open: the view layer test sees its button.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertDeviceClean, requestsTo, runMiniProgram, serverForFile } from './kit.mjs'

const CONTACT_PAGE = 'pages/contact/contact'
const server = serverForFile()

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: contact and support`, () => {
    it('Chat leads to the contact page; a message with an e-mail address is sent and thanked for', async () => {
      await runMiniProgram(kind, server.baseUrl, {}, async (mp) => {
        await mp.waitForText('Chat')
        await mp.settled()
        mp.tap('Chat')
        await mp.waitForPage(CONTACT_PAGE)
        await mp.waitForText('Send message')
        await mp.settled()
        mp.input('name', 'Mei')
        mp.input('message', 'Are you open on Sundays?')
        await mp.settled()
        mp.tap('Send message')
        await mp.settled()
        assert.equal(requestsTo(mp, 'POST', '/message/submitForm').length, 0, 'no way to answer: nothing sent')
        mp.input('email', 'mei-mp@example.com')
        await mp.settled()
        mp.tap('Send message')
        await mp.waitForText('Thank you, Mei.')
        const [sent] = requestsTo(mp, 'POST', '/message/submitForm')
        assert.equal(sent.status, 200)
        assert.ok(mp.texts().includes('A confirmation has been e-mailed to mei-mp@example.com.'), mp.text())
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })
  })
}
