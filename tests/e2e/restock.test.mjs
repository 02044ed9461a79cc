// Walkthrough 2.3: "E-mail me when it's back" on a sold-out product page. A guest on a phone in English and a guest on a
// desktop in Chinese each subscribe to a sold-out product; the operator puts both back in stock with `npm run stock`
// (server stopped: the embedded database is one process's); the restarted server e-mails each of them once, in their
// language (the mails' wording is checked in server/tests/restock.test.ts), and the link in the mail opens the product,
// now to be added to the cart.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { API, WAIT, fillIn, open, response, visible } from './steps.mjs'
import { nodeArgs } from '../../server/tests/entry.mjs'

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server')

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

async function productId(name) {
  const res = await fetch(`${stack.baseUrl}${API}/productManagement2/products/search/${encodeURIComponent(name)}`)
  const found = (await res.json()).products.find((p) => p.name === name)
  assert.ok(found?.soldOut, `${name} is sold out in the demo catalogue`)
  return found.id
}

/** The restock mails in the outbox, as text with quoted-printable soft line breaks joined, once there are `count`. */
async function restockMails(count) {
  const dir = path.join(stack.dataDir, 'outbox')
  const until = Date.now() + 30_000
  for (;;) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('-restock.eml')).sort() : []
    if (files.length >= count) return files.map((f) => readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    if (Date.now() > until) throw new Error(`${files.length} restock mail(s) in ${dir}, expected ${count}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Subscribes `email` on the product page; with `cancel`, then cancels it ("Don't e-mail me") and meets the form again. */
async function subscribe(viewport, language, id, email, words, { cancel = false } = {}) {
  const { context, page, errors } = await openContext(browser, { viewport, language })
  await open(page, stack.baseUrl, `/store/product/${id}`)
  const form = visible(page, '.restock-alert')
  await form.getByText(words.title).waitFor(WAIT)
  await visible(page, '.restock-alert__submit').click(WAIT)
  await form.getByText(words.required).waitFor(WAIT)
  await fillIn(page, '.restock-alert', 'restockEmail', email)
  const sent = response(page, 'POST', '/common3/restockAlert')
  await visible(page, '.restock-alert__submit').click(WAIT)
  assert.equal((await sent).status(), 200)
  await visible(page, '.restock-alert--sent').getByText(words.sent(email)).waitFor(WAIT)
  if (cancel) {
    const cancelled = response(page, 'POST', '/common3/restockAlert/cancel')
    await visible(page, '.restock-alert__cancel').click(WAIT)
    assert.equal((await cancelled).status(), 200)
    await form.getByText(words.cancelled(email)).waitFor(WAIT)
    await visible(page, '.restock-alert__submit').waitFor(WAIT)
  }
  assert.deepEqual(errors, [])
  await context.close()
}

describe("back-in-stock alert (walkthrough 2.3)", () => {
  it('phone en and desktop zh subscribe (and a mistyped address is cancelled); after the operator restocks, each gets one mail in their language that opens the product', async () => {
    const tea = await productId('Earl Grey Loose Leaf 100g')
    const buns = await productId('Pineapple Buns 4-pack')
    const english = {
      title: "E-mail me when it's back", required: 'Enter your e-mail address.', sent: (e) => `We'll e-mail you at ${e} when it's back.`,
      cancelled: (e) => `Cancelled: we won't e-mail ${e} about it.`
    }
    await subscribe('phone', 'en', tea, 'tea-e2e@example.com', english)
    // A mistyped address, cancelled at once: never written to (the two mails below are all there are).
    await subscribe('phone', 'en', tea, 'tea-e2e@exmaple.com', english, { cancel: true })
    await subscribe('desktop', 'zh', buns, 'buns-e2e@example.cn', {
      title: '到货时邮件通知我', required: '请输入电子邮箱。', sent: (e) => `到货后我们会发邮件至 ${e} 通知您。`
    })

    await stack.restart(async () => {
      for (const id of [tea, buns]) {
        await promisify(execFile)(process.execPath, [...nodeArgs('scripts/stock.ts'), 'set', id, '5'], {
          cwd: serverDir, env: { ...process.env, DATA_DIR: stack.dataDir, DATABASE_URL: '' }
        })
      }
    })
    const mails = await restockMails(2)
    const en = mails.find((m) => /^To: tea-e2e@example\.com$/m.test(m))
    const zh = mails.find((m) => /^To: buns-e2e@example\.cn$/m.test(m))
    assert.ok(en && zh, mails.join('\n----\n'))
    assert.ok(en.includes('it is in stock now'), en)
    const link = en.match(/http:\/\/127\.0\.0\.1:\d+\/store\/product\/\d+/)[0]
    assert.ok(link.endsWith(`/store/product/${tea}`))
    assert.ok(zh.includes(`/store/product/${buns}`))

    // The link (its port was the first server's) opens the product, in stock now: no alert, Add to cart.
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'en' })
    await open(page, stack.baseUrl, new URL(link).pathname)
    await visible(page, '.product-page__add').getByText('Add to cart').waitFor(WAIT)
    assert.equal(await visible(page, '.restock-alert').count(), 0)
    assert.deepEqual(errors, [])
    await context.close()
    // One mail each, however long the server runs.
    assert.equal((await restockMails(2)).length, 2)
  })
})
