/**
 * The back office (issue 43), second part, as staff use it: the owner turns on the authenticator step (desktop, en),
 * its code computed here from the key the screen shows (RFC 6238: HMAC-SHA-1, 30 s, 6 digits), and signs in again with
 * a code; a staff member (phone, zh) rejects an influencer's application with a reason, which the shopper's status
 * then shows, and the owner sees the payments needing attention (nothing, on a new store).
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { callApi, uniqueEmail, PASSWORD } from './steps.mjs'
import { ADMIN_API, CLERK, OWNER, ownerAndClerk, signInAtAdmin, STAFF_PASSWORD, WAIT } from './adminSteps.mjs'

const TEXT = {
  en: { email: 'E-mail', password: 'Password', signIn: 'Sign in', signOut: 'Sign out', security: 'Security', setUp: 'Set up an authenticator app', code: 'Code', turnOn: 'Turn on', done: 'Done', verify: 'Verify', attention: 'Attention', nothing: 'Nothing needs a hand' },
  zh: { email: '邮箱', password: '密码', signIn: '登录', reviews: '审核', reason: '原因（拒绝时必填，用户可见）', reject: '拒绝', rejected: '已拒绝' }
}

/** The authenticator app's code for a base32 key at `unixSeconds` (RFC 6238 over RFC 4226), written here apart from the server's. */
function authenticatorCode(base32, unixSeconds) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const c of base32) bits += alphabet.indexOf(c).toString(2).padStart(5, '0')
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(unixSeconds / 30)))
  const mac = crypto.createHmac('sha1', key).update(counter).digest()
  const at = mac[19] & 0xf
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})
const withStaff = () => ownerAndClerk(stack)

describe('the back office: the owner\'s second step, reviews and attention', () => {
  it('the owner (desktop, en) turns on the authenticator step and signs in with a code; sees the attention list', async () => {
    await withStaff()
    const owner = await openContext(browser, { viewport: 'desktop', language: 'en' })
    try {
      const { page } = owner
      await signInAtAdmin(page, stack.baseUrl, OWNER, TEXT.en)
      await page.getByRole('menuitem', { name: TEXT.en.attention }).click(WAIT)
      await page.getByText(TEXT.en.nothing).waitFor(WAIT)
      await page.getByRole('menuitem', { name: TEXT.en.security }).click(WAIT)
      await page.getByRole('button', { name: TEXT.en.setUp }).click(WAIT)
      await page.getByTestId('totp-qr').waitFor(WAIT)
      const secret = (await page.getByTestId('totp-secret').innerText()).trim()
      assert.match(secret, /^[A-Z2-7]{32}$/)
      assert.match(await page.getByTestId('totp-qr').getAttribute('src'), /^data:image\/svg\+xml/)
      await page.getByLabel(TEXT.en.code).fill(authenticatorCode(secret, Date.now() / 1000), WAIT)
      await page.getByRole('button', { name: TEXT.en.turnOn }).click(WAIT)
      const codes = (await page.getByTestId('recovery-codes').innerText()).trim().split('\n')
      assert.equal(codes.length, 10)
      await page.getByRole('button', { name: TEXT.en.done }).click(WAIT)
      await page.getByTestId('totp-state').filter({ hasText: '10' }).waitFor(WAIT)
      await page.getByRole('button', { name: TEXT.en.signOut }).click(WAIT)

      // The password alone is not enough now: the code step, with the app's next code (the one just used is spent).
      await page.getByLabel(TEXT.en.email).fill(OWNER, WAIT)
      await page.getByLabel(TEXT.en.password).fill(STAFF_PASSWORD, WAIT)
      await page.getByRole('button', { name: TEXT.en.signIn }).click(WAIT)
      await page.getByLabel(TEXT.en.code).fill(authenticatorCode(secret, Date.now() / 1000 + 30), WAIT)
      const verified = page.waitForResponse((r) => r.url().endsWith(`${ADMIN_API}/signin/code`), WAIT)
      await page.getByRole('button', { name: TEXT.en.verify }).click(WAIT)
      assert.equal((await verified).status(), 200)
      // Signed in again, on the screen it signed out from: the step on, its ten recovery codes untouched.
      await page.getByTestId('totp-state').filter({ hasText: '10' }).waitFor(WAIT)
      await page.getByRole('button', { name: TEXT.en.signOut }).waitFor(WAIT)
      assert.deepEqual(owner.errors, [])
    } finally {
      await owner.context.close()
    }
  })

  it('a staff member (phone, zh) rejects an influencer application with a reason; the shopper sees it', async () => {
    await withStaff()
    const shopper = await openContext(browser, { viewport: 'phone', language: 'zh' })
    const clerk = await openContext(browser, { viewport: 'phone', language: 'zh' })
    try {
      const email = uniqueEmail('influencer')
      await callApi(shopper.page, shopper.context, stack.baseUrl, 'POST', '/common3/clientRegistration', { emailID: email, password: PASSWORD, firstName: 'Mei', lastName: 'Li' })
      const mine = await callApi(shopper.page, shopper.context, stack.baseUrl, 'POST', '/admin/userManagement/influencerProfile', {
        displayName: 'Mei eats', bio: { en: 'I cook noodles.', zh: '我做面条。' }, avatar: null, cover: null, gallery: [], socialLinks: [], sections: []
      })
      const { page } = clerk
      await signInAtAdmin(page, stack.baseUrl, CLERK, TEXT.zh)
      await page.goto(`${stack.baseUrl}/admin/reviews`)
      await page.getByRole('link', { name: 'Mei eats' }).first().click(WAIT)
      await page.waitForURL(`${stack.baseUrl}/admin/reviews/${mine.id}`, WAIT)
      await page.getByLabel(TEXT.zh.reason).fill('封面图片不清晰', WAIT)
      const decided = page.waitForResponse((r) => r.url().endsWith(`/reviews/${mine.id}`) && r.request().method() === 'POST', WAIT)
      await page.getByRole('button', { name: TEXT.zh.reject }).click(WAIT)
      assert.equal((await decided).status(), 200)
      await page.getByTestId('review-state').filter({ hasText: TEXT.zh.rejected }).waitFor(WAIT)
      const status = await callApi(shopper.page, shopper.context, stack.baseUrl, 'GET', '/admin/userManagement/influencer/status')
      assert.equal(status.reason, '封面图片不清晰')
      assert.deepEqual([...shopper.errors, ...clerk.errors], [])
    } finally {
      await shopper.context.close()
      await clerk.context.close()
    }
  })
})
