// Issue 15: the store's mail, read from the outbox (no SMTP_URL). On a phone in English a shopper who forgot the
// password asks for a link, opens it from the .eml file and signs in with the new password; on a desktop in Chinese
// the footer's "Contact us" opens the contact form, a message is sent and its acknowledgement lands in the outbox.
// On a plain browser the seeded tab bar's Chat tab (a WeChat messenger page) opens the store's channels instead,
// and the contact form from there.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { API, response, visible, WAIT } from './steps.mjs'

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

async function fill(page, scope, name, value, tag = 'input') {
  const input = visible(page, `${scope} ${tag}[name="${name}"]`)
  await input.fill(value, WAIT)
  assert.equal(await input.inputValue(), value)
}

/** The newest .eml of a kind in the outbox, as text with quoted-printable soft line breaks joined. */
async function waitForMail(kind, count) {
  const dir = path.join(stack.dataDir, 'outbox')
  const until = Date.now() + 30_000
  for (;;) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(`-${kind}.eml`)).sort() : []
    if (files.length >= count) return readFileSync(path.join(dir, files[count - 1]), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    if (Date.now() > until) throw new Error(`no ${kind} mail in ${dir}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('mail through the outbox', () => {
  it('phone, en: forgot password → the link in the mail → a new password signs in', async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'en' })
    await page.goto(`${stack.baseUrl}/account/forgot`)
    await fill(page, '.account-forgot', 'emailID', 'demo@istore.test')
    const asked = response(page, 'GET', '/common3/forgotPassword')
    await visible(page, '.account-forgot .account-form__submit').click(WAIT)
    assert.equal((await asked).status(), 200)
    await visible(page, '.account-forgot [role="status"]').waitFor(WAIT)

    const mail = await waitForMail('password-reset', 1)
    assert.match(mail, /^To: demo@istore\.test$/m)
    const link = mail.match(/http:\/\/127\.0\.0\.1:\d+\/account\/reset\?token=[A-Za-z0-9_-]+/)[0]
    await page.goto(link)
    await fill(page, '.account-reset', 'password', 'from-the-outbox-1')
    await fill(page, '.account-reset', 'confirmPassword', 'from-the-outbox-1')
    const reset = response(page, 'POST', '/common3/resetPasswordExternal')
    await visible(page, '.account-reset .account-form__submit').click(WAIT)
    assert.equal((await reset).status(), 200)
    await visible(page, '.account-reset [role="status"]').waitFor(WAIT)

    await page.goto(`${stack.baseUrl}/account/login`)
    await fill(page, '.account-login', 'emailID', 'demo@istore.test')
    await fill(page, '.account-login', 'password', 'from-the-outbox-1')
    const signon = response(page, 'POST', '/common3/signon')
    await visible(page, '.account-login .account-form__submit').click(WAIT)
    assert.equal((await signon).status(), 200)
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('desktop, zh: the footer\'s 联系我们 opens /contact; a message is sent and acknowledged by mail', async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'desktop', language: 'zh' })
    await page.goto(stack.baseUrl + '/')
    await visible(page, '.footer').first().getByText('联系我们').click(WAIT)
    await page.waitForURL(`${stack.baseUrl}/contact`, WAIT)
    await visible(page, '.contact-page').waitFor(WAIT)
    await visible(page, '.contact-page .account-form__submit').click(WAIT)
    await visible(page, '.contact-page').getByText('请填写电子邮箱或电话号码，以便我们回复您。').waitFor(WAIT)

    await fill(page, '.contact-page', 'name', '林')
    await fill(page, '.contact-page', 'email', 'lin-e2e@example.com')
    await fill(page, '.contact-page', 'message', '请问周日营业吗？', 'textarea')
    const sent = response(page, 'POST', '/message/submitForm')
    await visible(page, '.contact-page .account-form__submit').click(WAIT)
    assert.equal((await sent).status(), 200)
    await visible(page, '.contact-page [role="status"]').getByText('确认邮件已发送到 lin-e2e@example.com。').waitFor(WAIT)

    const mail = await waitForMail('contact-ack', 1)
    assert.match(mail, /^To: lin-e2e@example\.com$/m)
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('phone, en: the tab bar\'s Chat, outside WeChat, shows the store\'s e-mail and phone, and leads to the contact form', async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'en' })
    await page.goto(stack.baseUrl + '/')
    await visible(page, '.tab-bar').getByText('Chat').click(WAIT)
    const sheet = visible(page, '.modal-frame')
    await sheet.getByText('How can we help?').waitFor(WAIT)
    await sheet.getByText('care@maple-jade.example').waitFor(WAIT)
    await sheet.getByText('416-555-0100').waitFor(WAIT)
    await sheet.getByText('Write to us').click(WAIT)
    await page.waitForURL(`${stack.baseUrl}/contact`, WAIT)
    await visible(page, '.contact-page').waitFor(WAIT)
    assert.equal(await visible(page, '.modal-frame').count(), 0)
    assert.deepEqual(errors, [])
    await context.close()
  })
})
