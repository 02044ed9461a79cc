/**
 * Walkthrough 2.3 on the production builds of both mini-programs: a sold-out product page offers "E-mail me when it's
 * back"; a wrong e-mail is caught before anything is sent and keeps what was typed, the right one is subscribed and
 * thanked with its address, and "Don't e-mail me" cancels it and brings the form back; WeChat in English, Alipay in
 * Chinese (the device's language).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertDeviceClean, requestsTo, runMiniProgram, serverForFile } from './kit.mjs'

const PRODUCT = 'packages/store/pages/product/index'
const API = '/api/istore/client'

const server = serverForFile()

/** The id of a product of the demo catalogue that is sold out. */
async function soldOutProduct(name) {
  const res = await fetch(`${server.baseUrl}${API}/productManagement2/products/search/${encodeURIComponent(name)}`)
  const found = (await res.json()).products.find((p) => p.name === name)
  assert.ok(found?.soldOut, `${name} is sold out in the demo catalogue`)
  return found.id
}

const JOURNEYS = {
  weapp: {
    language: 'en', product: 'Earl Grey Loose Leaf 100g', title: "E-mail me when it's back", submit: 'Notify me',
    invalid: 'Enter a valid e-mail address, e.g. name@example.com.', sent: (e) => `We'll e-mail you at ${e} when it's back.`,
    cancel: "Don't e-mail me", cancelled: (e) => `Cancelled: we won't e-mail ${e} about it.`
  },
  alipay: {
    language: 'zh-Hans', product: 'Pineapple Buns 4-pack', title: '到货时邮件通知我', submit: '到货通知我',
    invalid: '请输入有效的电子邮箱，例如 name@example.com。', sent: (e) => `到货后我们会发邮件至 ${e} 通知您。`,
    cancel: '不用邮件通知我', cancelled: (e) => `已取消：我们不会再为此发邮件至 ${e}。`
  }
}

for (const [kind, text] of Object.entries(JOURNEYS)) {
  describe(`${kind}: back-in-stock alert`, () => {
    it('a sold-out product asks for an e-mail, checks it, subscribes it, says where the mail will go, and cancels it', async () => {
      const id = await soldOutProduct(text.product)
      const email = `mp-restock-${kind}@example.com`
      await runMiniProgram(kind, server.baseUrl, { entry: `${PRODUCT}?id=${id}`, language: text.language, device: 'android' }, async (mp) => {
        await mp.waitForText(text.title)
        await mp.settled()
        mp.input('restockEmail', 'not-an-email')
        await mp.settled()
        mp.tap(text.submit)
        await mp.waitForText(text.invalid)
        assert.deepEqual(requestsTo(mp, 'POST', '/common3/restockAlert'), [])

        mp.input('restockEmail', ` ${email.toUpperCase()} `)
        await mp.settled()
        mp.tap(text.submit)
        await mp.waitForText(text.sent(email))
        const [subscribed] = requestsTo(mp, 'POST', '/common3/restockAlert')
        assert.equal(subscribed.status, 200)
        assert.deepEqual(subscribed.body, { productId: id, email: email.toUpperCase(), locale: text.language === 'en' ? 'en' : 'zh' })
        const { cancelToken, ...subscription } = subscribed.response
        assert.deepEqual(subscription, { productId: id, optionPair: '', email, locale: text.language === 'en' ? 'en' : 'zh' })

        mp.tap(text.cancel)
        await mp.waitForText(text.cancelled(email))
        const [cancelled] = requestsTo(mp, 'POST', '/common3/restockAlert/cancel')
        assert.equal(cancelled.status, 200)
        assert.deepEqual(cancelled.body, { cancelToken })
        assert.ok(!mp.text().includes(text.sent(email)))
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })
  })
}
