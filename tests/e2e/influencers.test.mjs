// Issue 14: influencer profiles in headless Chromium against the real server. A shopper (phone, English) applies with
// a picture and a "my picks" section; the operator approves with the CLI (npm --prefix server run influencers); another
// shopper (desktop, Chinese) finds the profile in the list, likes it twice (one like counted, the count is the
// server's) and opens a pick's product page.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { fill, response, shopperSteps, uniqueEmail, visible, WAIT } from './shopper.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
// Seed catalogue (server/src/seed/catalogue.ts).
const COLOMBIA = { id: '1003', name: 'Colombia Supremo 340g' }
// A 1×1 PNG: the server judges an upload by its bytes.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2b5e0e50000000049454e44ae426082', 'hex')
const NAME = 'Ada <b>picks</b>'

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

const { open, signUp } = shopperSteps(() => stack.baseUrl)

/** The operator's review tool, run as the README says (the server is stopped meanwhile: one process owns PGlite). */
function operator(...args) {
  return execFileSync('npm', ['--prefix', 'server', 'run', '--silent', 'influencers', '--', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: stack.dataDir, DATABASE_URL: '' },
    encoding: 'utf8'
  })
}

async function applyWithPicks(page) {
  await open(page, '/user/influencer')
  await visible(page, '.influencer-status[data-status="NOT_APPLIED"]').waitFor(WAIT)
  await visible(page, '.influencer-status__edit').click(WAIT)
  await visible(page, '.influencer-editor').waitFor(WAIT)
  await fill(page, '.influencer-editor', 'displayName', NAME)
  await visible(page, '.influencer-editor textarea[name="bioEn"]').fill('Coffee every morning.', WAIT)

  // A picture for the gallery: the file chooser, then the upload.
  const chooser = page.waitForEvent('filechooser', WAIT)
  const uploaded = response(page, 'POST', '/admin/userManagement/image/influencer/upload')
  await visible(page, '.influencer-editor__add-image').click(WAIT)
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
  assert.equal((await uploaded).status(), 200)
  await visible(page, '.influencer-editor__gallery-item').waitFor(WAIT)

  // A "my picks" section from the store's template, with a product found by search.
  await visible(page, '.influencer-editor__add-section[data-block="my-picks"]').click(WAIT)
  await fill(page, '.influencer-editor__section', 'pickSearch0', 'Colombia')
  const searched = response(page, 'GET', '/productManagement2/products/search/Colombia')
  await visible(page, '.influencer-editor__search-go').click(WAIT)
  assert.equal((await searched).status(), 200)
  await visible(page, `.influencer-editor__result[data-product-id="${COLOMBIA.id}"] .influencer-editor__add-pick`).click(WAIT)
  await visible(page, `.influencer-editor__pick[data-product-id="${COLOMBIA.id}"]`).waitFor(WAIT)

  const applied = response(page, 'POST', '/admin/userManagement/influencerProfile')
  await visible(page, '.influencer-editor__save').click(WAIT)
  const answer = await applied
  assert.equal(answer.status(), 200)
  const body = await answer.json()
  assert.equal(body.status, 'PENDING')
  await visible(page, '.influencer-status[data-status="PENDING"]').waitFor(WAIT)
  return body.id
}

describe('influencer profiles', () => {
  it('apply with a picture and picks, approved by the operator, found, liked once, pick opened', { timeout: 300_000 }, async () => {
    const applicant = await openContext(browser, { viewport: 'phone', language: 'en' })
    let id
    try {
      await signUp(applicant.page, { email: uniqueEmail('influencer'), firstName: 'Ada', lastName: 'Picks' })
      id = await applyWithPicks(applicant.page)
      assert.deepEqual(applicant.errors, [])
    } finally {
      await applicant.context.close()
    }

    // Nothing unreviewed is public.
    const before = await (await fetch(`${stack.baseUrl}/api/istore/client/common3/influencerProfile/list?numberToLoad=100`)).json()
    assert.equal(before.profiles.some((p) => p.id === id), false)

    await stack.restart(() => {
      assert.match(operator('list'), new RegExp(`${id}\\s+PENDING\\s+review PENDING`))
      assert.match(operator('approve', id), /approved/)
    })

    const fan = await openContext(browser, { viewport: 'desktop', language: 'zh' })
    try {
      const { page } = fan
      await signUp(page, { email: uniqueEmail('fan'), firstName: 'Mei', lastName: 'Lin' })
      await open(page, '/store/influencers')
      const card = visible(page, `.influencer-card[data-influencer-id="${id}"]`)
      // The name is shown as typed: text, not markup.
      await card.getByText(NAME).waitFor(WAIT)
      await card.click(WAIT)
      await page.waitForURL(`${stack.baseUrl}/store/influencer/${id}`, WAIT)
      const profile = visible(page, `.influencer-profile[data-influencer-id="${id}"]`)
      await profile.waitFor(WAIT)
      assert.equal(await profile.locator('b').count(), 0)
      await visible(page, '.influencer-profile__photo img').first().waitFor(WAIT)

      // Two likes, one counted; the count shown is the server's.
      for (let i = 0; i < 2; i++) {
        const liked = response(page, 'GET', `/admin/userManagement/user/like/${id}/true`)
        await visible(page, '.influencer-profile__like-button').click(WAIT)
        const answer = await liked
        assert.equal(answer.status(), 200)
        assert.deepEqual(await answer.json(), { liked: true, likes: 1 })
        await visible(page, '.influencer-profile__likes').getByText('1 个赞').waitFor(WAIT)
      }

      await visible(page, `.influencer-pick[data-product-id="${COLOMBIA.id}"]`).click(WAIT)
      await page.waitForURL(`${stack.baseUrl}/store/product/${COLOMBIA.id}`, WAIT)
      await visible(page, `.product-page[data-product-id="${COLOMBIA.id}"]`).waitFor(WAIT)
      assert.deepEqual(fan.errors, [])
    } finally {
      await fan.context.close()
    }
  })
})
