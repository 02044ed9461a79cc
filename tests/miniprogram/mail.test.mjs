/**
 * The browser's forgot-password journey (tests/e2e/mailContact.test.mjs) on the production builds of both
 * mini-programs, with the server's mail read from its outbox (no SMTP_URL): from the sign-in page a shopper asks for a
 * reset link, the mail goes to the account's address, the mini-program's reset page opened with the mail's token sets
 * a new password, and that password signs in. The mail's link itself is the web store's address (a phone opens it in
 * its browser); the mini-program's reset page takes the same token, as a link into the mini-program would carry it.
 * The contact form's acknowledgement mail, the other mail a shopper triggers, is checked the same way.
 */
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { assertDeviceClean, DEMO, PAGES, requestsTo, runMiniProgram, serverForFile } from './kit.mjs'

const FORGOT = 'packages/account/pages/forgot/index'
const RESET = 'packages/account/pages/reset/index'
const MY_ACCOUNT = 'packages/user/pages/list/index'

/**
 * The outbox's mails of a kind (password-reset, contact-ack), oldest first, with quoted-printable soft breaks joined,
 * once there are `count` of them (the server may write a mail just after answering).
 */
async function mailsOf(server, kind, count) {
  const dir = path.join(server.dataDir, 'outbox')
  const until = Date.now() + 15_000
  for (;;) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(`-${kind}.eml`)).sort() : []
    if (files.length >= count) return files.map((f) => readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    if (Date.now() > until) throw new Error(`${files.length} ${kind} mails in ${dir}, waited for ${count}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: mail through the outbox`, () => {
    // Its own server: the reset changes the demo account's password.
    const server = serverForFile()
    const newPassword = `from-the-outbox-${kind}`

    it('forgot password: the link is mailed, its token sets a new password on the reset page, and that password signs in', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry: PAGES.login }, async (mp) => {
        await mp.waitForText('Forgot your password?')
        await mp.settled()
        mp.tap('Forgot your password?')
        await mp.waitForPage(FORGOT)
        await mp.waitForText('Send reset link')
        mp.input('emailID', DEMO.email)
        await mp.settled()
        mp.tap('Send reset link')
        await mp.waitForText('If an account exists for this e-mail, a reset link is on its way.')
        const [asked] = requestsTo(mp, 'GET', '/common3/forgotPassword')
        assert.equal(asked.status, 200)
        await mp.settled()
        await assertDeviceClean(mp)
      })

      const [mail] = await mailsOf(server, 'password-reset', 1)
      assert.match(mail, /^To: demo@istore\.test$/m)
      const token = /\/account\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1]
      assert.ok(token, 'the mail carries the reset link')

      await runMiniProgram(kind, server.baseUrl, { entry: `${RESET}?token=${token}` }, async (mp) => {
        await mp.waitForText('Save password')
        await mp.settled()
        mp.input('password', newPassword)
        mp.input('confirmPassword', newPassword)
        await mp.settled()
        mp.tap('Save password')
        await mp.waitForText('Your password has been changed. Please sign in with it.')
        assert.equal(requestsTo(mp, 'POST', '/common3/resetPasswordExternal')[0].status, 200)
        mp.tap('Sign in')
        await mp.waitForPage(PAGES.login)
        await mp.waitForText('Forgot your password?')
        mp.input('emailID', DEMO.email)
        mp.input('password', newPassword)
        await mp.settled()
        mp.tapClass('account-form__submit')
        await mp.waitForPage(MY_ACCOUNT)
        assert.equal(requestsTo(mp, 'POST', '/common3/signon')[0].status, 200)
        await mp.waitForText('Sign out')
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it('a message from the contact page is acknowledged by mail to the address given', async () => {
      const email = `ack-${kind}@example.com`
      await runMiniProgram(kind, server.baseUrl, { entry: 'pages/contact/contact' }, async (mp) => {
        await mp.waitForText('Send message')
        await mp.settled()
        mp.input('name', 'Lin')
        mp.input('email', email)
        mp.input('message', 'Do you deliver to Richmond?')
        await mp.settled()
        mp.tap('Send message')
        await mp.waitForText('Thank you, Lin.')
        assert.equal(requestsTo(mp, 'POST', '/message/submitForm')[0].status, 200)
        await mp.settled()
        await assertDeviceClean(mp)
      })
      const acks = await mailsOf(server, 'contact-ack', 1)
      assert.equal(acks.length, 1)
      assert.match(acks[0], new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}$`, 'm'))
    })
  })
}
