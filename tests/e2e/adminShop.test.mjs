/**
 * The back office's settings and products (issue 43) as the shop's people use them, against the built H5 storefront and
 * the real server: the owner changes the pickup hours (a wrong time is refused on its field) and the storefront's
 * checkout offers the new slots, then renames a header menu entry (a link to a page the shop lacks refused on its field)
 * and the storefront's header shows the new name; the owner changes a price and uploads a photo and the product page shows both, then
 * publishes a blog post (a cover that is no image refused on its field) and the storefront's post page shows it; a
 * staff member sets an option's stock to 0 and the product page shows it sold out, and has no settings to open.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { callApi, visible } from './steps.mjs'
import { CLERK, OWNER, ownerAndClerk, signInAtAdmin, WAIT } from './adminSteps.mjs'

const TEXT = {
  en: { email: 'E-mail', password: 'Password', signIn: 'Sign in', settings: 'Settings', products: 'Products', opens: 'Opens (HH:MM)', closes: 'Closes (HH:MM)', slot: 'Slot length (minutes)', lead: 'Lead time (minutes)', save: 'Save', search: 'Search by name, SKU or number', set: 'Set', price: 'Price (CAD)', upload: 'Upload a photo', main: 'Make it the main photo' },
  zh: { email: '邮箱', password: '密码', signIn: '登录', settings: '设置', products: '商品', opens: '开始（时:分）', closes: '结束（时:分）', slot: '时段长度（分钟）', lead: '提前时间（分钟）', save: '保存', search: '按名称、SKU 或编号搜索', set: '设置', price: '价格（CAD）', upload: '上传图片', main: '设为主图', title: '标题', cover: '封面（图片名称、https 地址，或上传图片）', publishNow: '立即发布', published: '已发布' }
}

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

const withStaff = () => ownerAndClerk(stack)

/** The pickup times the storefront's checkout offers on its second day (the first day's can fall inside the lead time). */
async function pickupTimesOffered(page) {
  await page.goto(`${stack.baseUrl}/checkout`)
  await visible(page, '.checkout-choices__option[data-name="method"][data-value="PICKUP"]').click(WAIT)
  await visible(page, '.checkout-choices__option[data-name="method"][data-value="PICKUP"][aria-checked="true"]').waitFor(WAIT)
  const second = visible(page, '.checkout-choices__option[data-name="pickupDate"]').nth(1)
  await second.click(WAIT)
  await visible(page, '.checkout-choices__option[data-name="pickupDate"][aria-checked="true"]').waitFor(WAIT)
  await visible(page, '.checkout-choices__option[data-name="pickupTime"]').first().waitFor(WAIT)
  return visible(page, '.checkout-choices__option[data-name="pickupTime"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-value')))
}

/** The pickup card's field (the form has a pickup and a delivery card with the same labels). */
const pickupField = (page, label) => page.getByTestId('hours-pickup').getByLabel(label, { exact: true })

/** Opens a product's page in the back office through the search, by its SKU; answers its id. */
async function openProduct(page, labels, sku) {
  // By its address: on a phone the menu folds Products into its overflow.
  await page.goto(`${stack.baseUrl}/admin/products`)
  await page.getByPlaceholder(labels.search).fill(sku, WAIT)
  await page.getByPlaceholder(labels.search).press('Enter')
  // The list shows the first products until the search answers: then one row, the product with that SKU.
  await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody .ant-table-row').length === 1, null, WAIT)
  await page.locator('.ant-table-tbody .ant-table-row a').click(WAIT)
  await page.waitForURL(/\/admin\/products\/\d+$/, WAIT)
  return page.url().split('/').pop()
}

describe('the back office: settings and products', () => {
  it('the owner (en, desktop) changes the pickup hours: a wrong time is refused on its field, then the storefront\'s checkout offers the new slots', async () => {
    await withStaff()
    const shopper = await openContext(browser, { viewport: 'phone', language: 'en' })
    const owner = await openContext(browser, { viewport: 'desktop', language: 'en' })
    try {
      await callApi(shopper.page, shopper.context, stack.baseUrl, 'POST', '/shoppingManagement4/myCart', { productId: '1012', quantity: 1 })
      const before = await pickupTimesOffered(shopper.page)
      assert.notDeepEqual(before, ['11:00', '12:00'])

      const { page } = owner
      await signInAtAdmin(page, stack.baseUrl, OWNER, TEXT.en)
      await page.getByRole('menuitem', { name: TEXT.en.settings }).click(WAIT)
      await pickupField(page, TEXT.en.opens).fill('11:00', WAIT)
      await pickupField(page, TEXT.en.closes).fill('10:00', WAIT)
      let saved = page.waitForResponse((r) => r.url().endsWith('/settings/locations') && r.request().method() === 'PUT', WAIT)
      await page.getByRole('button', { name: TEXT.en.save }).click(WAIT)
      assert.equal((await saved).status(), 400)
      await page.getByTestId('hours-pickup').getByText('10:00 is not after the opening time 11:00').waitFor(WAIT)

      await pickupField(page, TEXT.en.closes).fill('13:00', WAIT)
      await pickupField(page, TEXT.en.slot).fill('60', WAIT)
      await pickupField(page, TEXT.en.lead).fill('0', WAIT)
      saved = page.waitForResponse((r) => r.url().endsWith('/settings/locations') && r.request().method() === 'PUT', WAIT)
      await page.getByRole('button', { name: TEXT.en.save }).click(WAIT)
      const answer = await saved
      assert.equal(answer.status(), 200)
      assert.deepEqual((await answer.json()).changes, ['~ settings checkout (pickup)'])

      assert.deepEqual(await pickupTimesOffered(shopper.page), ['11:00', '12:00'])

      // The menus tab: the header's About Us entry pointed at a page the shop lacks is refused on its link; renamed, it
      // is saved, and the storefront's header (desktop) shows the new name.
      await page.getByRole('tab', { name: 'Menus' }).click(WAIT)
      await page.waitForURL(/\/admin\/settings\/menus$/, WAIT)
      const names = page.getByTestId('menu-headerMenu').getByLabel('Name (English)', { exact: true })
      await names.first().waitFor(WAIT)
      const at = (await names.evaluateAll((els) => els.map((e) => e.value))).indexOf('About Us')
      assert.ok(at >= 0, 'the demo header has About Us')
      const link = page.getByTestId('menu-headerMenu').getByLabel('Link', { exact: true }).nth(at)
      await link.fill('page/careers', WAIT)
      const menus = () => page.waitForResponse((r) => r.url().endsWith('/settings/menus') && r.request().method() === 'PUT', WAIT)
      saved = menus()
      await page.getByRole('button', { name: TEXT.en.save }).click(WAIT)
      assert.equal((await saved).status(), 400)
      await page.getByTestId('menu-headerMenu').getByText("'page/careers' opens the page 'careers', which the shop does not have", { exact: false }).waitFor(WAIT)
      await link.fill('page/about', WAIT)
      await names.nth(at).fill('Our story', WAIT)
      saved = menus()
      await page.getByRole('button', { name: TEXT.en.save }).click(WAIT)
      const menuAnswer = await saved
      assert.equal(menuAnswer.status(), 200)
      assert.deepEqual((await menuAnswer.json()).changes, ['~ settings navigation (headerMenu)'])
      const store = await owner.context.newPage()
      await store.goto(`${stack.baseUrl}/`)
      await visible(store, '.header__menu-link').filter({ hasText: 'Our story' }).waitFor(WAIT)
      assert.equal(await visible(store, '.header__menu-link').filter({ hasText: 'About Us' }).count(), 0)
      await store.close()
      assert.deepEqual([...shopper.errors, ...owner.errors], [])
    } finally {
      await shopper.context.close()
      await owner.context.close()
    }
  })

  it('the owner (zh, phone) changes a price and uploads a photo: the product page shows both; publishes a blog post: the storefront shows it', async () => {
    await withStaff()
    const owner = await openContext(browser, { viewport: 'phone', language: 'zh' })
    const shopper = await openContext(browser, { viewport: 'phone', language: 'en' })
    try {
      const { page } = owner
      await signInAtAdmin(page, stack.baseUrl, OWNER, TEXT.zh)
      const id = await openProduct(page, TEXT.zh, 'P1049')
      await page.getByLabel(TEXT.zh.price).fill('17.49', WAIT)
      const priced = page.waitForResponse((r) => r.url().endsWith(`/products/${id}/price`), WAIT)
      await page.getByRole('button', { name: TEXT.zh.save }).click(WAIT)
      assert.equal((await priced).status(), 200)
      await page.getByTestId('price').filter({ hasText: '17.49' }).waitFor(WAIT)

      const sharp = createRequire(new URL('../../server/package.json', import.meta.url))('sharp') // the server's dependency
      const photo = await sharp({ create: { width: 640, height: 640, channels: 3, background: { r: 30, g: 90, b: 160 } } }).png().toBuffer()
      const uploaded = page.waitForResponse((r) => r.url().endsWith(`/products/${id}/photos`), WAIT)
      await page.locator('input[type="file"]').setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: photo })
      const answer = await uploaded
      assert.equal(answer.status(), 200)
      const name = (await answer.json()).images.at(-1)
      assert.match(name, /^photo-[0-9a-f]{16}\.jpg$/)
      await page.getByTestId('photo').nth(2).waitFor(WAIT)
      const main = page.waitForResponse((r) => r.url().endsWith(`/products/${id}/photos`) && r.request().method() === 'PUT', WAIT)
      await page.getByRole('button', { name: TEXT.zh.main }).last().click(WAIT) // the new photo, last of three
      assert.deepEqual((await (await main).json()).images[0], name)

      await shopper.page.goto(`${stack.baseUrl}/store/product/${id}`)
      await visible(shopper.page, '.product-page__price').getByText('17.49').first().waitFor(WAIT)
      await shopper.page.locator(`.product-page__gallery [src*="${name.replace('.jpg', '')}"]`).first().waitFor({ state: 'attached', ...WAIT })

      // The blog (by its address: a phone's menu folds it away): the seeded draft's English title changed, a cover that
      // is no image refused on its field, then published; the storefront's post page shows it.
      const POST = 'mid-autumn-gift-guide'
      await page.goto(`${stack.baseUrl}/admin/blog/${POST}`)
      await page.getByTestId('blog-en').getByLabel(TEXT.zh.title).fill('Mid-Autumn gifts', WAIT)
      const cover = page.getByLabel(TEXT.zh.cover)
      await cover.fill('not an image', WAIT)
      const put = () => page.waitForResponse((r) => r.url().endsWith(`/blog/${POST}`) && r.request().method() === 'PUT', WAIT)
      let saved = put()
      await page.getByRole('button', { name: TEXT.zh.save }).click(WAIT)
      assert.equal((await saved).status(), 400)
      await page.getByText('an https URL or an image name like blog-my-post.svg').waitFor(WAIT)
      await cover.fill(`blog-${POST}.svg`, WAIT)
      saved = put()
      await page.getByRole('button', { name: TEXT.zh.save }).click(WAIT)
      assert.equal((await saved).status(), 200)
      const published = page.waitForResponse((r) => r.url().endsWith(`/blog/${POST}/publish`), WAIT)
      await page.getByRole('button', { name: TEXT.zh.publishNow }).click(WAIT)
      assert.equal((await published).status(), 200)
      await page.getByTestId('publication').getByText(TEXT.zh.published, { exact: true }).waitFor(WAIT)
      await shopper.page.goto(`${stack.baseUrl}/blog/${POST}`)
      await visible(shopper.page, `.blog-post[data-slug="${POST}"] .blog-post__title`).filter({ hasText: 'Mid-Autumn gifts' }).waitFor(WAIT)
      assert.deepEqual([...owner.errors, ...shopper.errors], [])
    } finally {
      await owner.context.close()
      await shopper.context.close()
    }
  })

  it('the staff member (en, phone) sets an option\'s stock to 0: the product page shows it sold out; no settings, no price', async () => {
    await withStaff()
    const clerk = await openContext(browser, { viewport: 'phone', language: 'en' })
    const shopper = await openContext(browser, { viewport: 'phone', language: 'en' })
    try {
      const { page } = clerk
      await signInAtAdmin(page, stack.baseUrl, CLERK, TEXT.en)
      assert.equal(await page.getByRole('menuitem', { name: TEXT.en.settings }).count(), 0)
      const id = await openProduct(page, TEXT.en, 'P1046')
      assert.equal(await page.getByLabel(TEXT.en.price).count(), 0, 'the price is the owner\'s')
      await page.getByLabel('In stock Black').fill('0', WAIT)
      const set = page.waitForResponse((r) => r.url().endsWith(`/products/${id}/stock`), WAIT)
      await page.getByRole('row', { name: /Black/ }).getByRole('button', { name: TEXT.en.set }).click(WAIT)
      assert.equal((await set).status(), 200)
      await page.getByRole('row', { name: /Black/ }).getByText('Sold out').waitFor(WAIT)

      await shopper.page.goto(`${stack.baseUrl}/store/product/${id}`)
      await visible(shopper.page, '.option-picker__value--sold-out[data-option="color"][data-value="Black"]').waitFor(WAIT)
      assert.equal(await visible(shopper.page, '.option-picker__value--sold-out[data-option="color"][data-value="Red"]').count(), 0, 'Red (12) still in stock')

      await page.goto(`${stack.baseUrl}/admin/settings`)
      await page.getByText(/settings\.edit/).waitFor(WAIT)
      assert.deepEqual([...clerk.errors, ...shopper.errors], [])
    } finally {
      await clerk.context.close()
      await shopper.context.close()
    }
  })
})

