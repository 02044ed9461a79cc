/**
 * The browser's browse-and-cart journey (tests/e2e/browse.test.mjs) on the production builds of both mini-programs
 * against the real server: the home page's new-arrivals row opens every product, twelve to a page, and reaching the
 * bottom (the page's onReachBottom, as the base library calls it on a scroll) appends the second twelve; the hoodie's
 * Add to cart, tapped before a size and colour are chosen, says "Please choose" and sends nothing; chosen, the pair
 * goes to the cart; a coffee joins it; the cart's stepper asks the server for one more hoodie and the coffee is
 * removed; the app closed and launched again on the same phone (its storage kept) finds the same cart. The product
 * page's Add to cart is the one in its buy bar (with the price), which the page's style sheet fixes at the foot of the
 * screen, standing on the shell's tab bar; asked for an option, the page scrolls to the options.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertDeviceClean, PAGES, requestsTo, runMiniProgram, serverForFile, styleRule } from './kit.mjs'

const PAGE_SIZE = 12
// Seed catalogue (server/src/seed/catalogue.ts): the hoodie has a size and a colour, the coffee no options.
const HOODIE = 'Panda Hoodie'
const COFFEE = 'Colombia Supremo 340g'

const server = serverForFile()

async function api(path) {
  const res = await fetch(`${server.baseUrl}/api/istore/client${path}`)
  assert.equal(res.status, 200, path)
  return res.json()
}

/** The seeded product of that name: its id, options, and the stock of each option pair. */
async function seeded(name) {
  const product = (await api(`/productManagement2/products/search/${encodeURIComponent(name)}`)).products.find((p) => p.name === name)
  assert.ok(product, name)
  const { variants } = await api(`/productDetailManagement/productDetail/${product.id}`)
  return { id: product.id, options: product.options, variants }
}

/** The pages of products asked for since the `since`th request, by their startingPosition. */
const listPages = (mp, since) =>
  requestsTo({ requests: mp.requests.slice(since) }, 'GET', '/productManagement2/products?')
    .map((r) => ({ start: Number(new URLSearchParams(r.path.split('?')[1]).get('startingPosition')), request: r }))

/** From the cart tab, the cart page's lines as [name, options] (none: its empty state). */
async function openCart(mp) {
  mp.tap('Cart')
  await mp.waitForPage(PAGES.cart)
  await mp.settled()
}

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: browsing and the cart`, () => {
    it('all products load their second page on reaching the bottom; options are asked for, then added; the stepper and removal are the server’s; the cart outlives a relaunch', async () => {
      const hoodie = await seeded(HOODIE)
      // The hoodie's pair with the most stock (at least 2: the cart raises the quantity to 2).
      const pair = [...hoodie.variants].sort((a, b) => b.available - a.available)[0]
      assert.ok(pair.available >= 2, `stock of ${pair.optionPair}`)
      const choice = Object.fromEntries(pair.optionPair.split(',').map((part) => part.split(':')))
      const labelOf = (option, value) => {
        const o = hoodie.options.find((x) => x.name === option)
        return o.values.find((v) => v.value === value).label.en
      }
      let storage
      let hoodieKey
      await runMiniProgram(kind, server.baseUrl, {}, async (mp) => {
        // Home's new-arrivals row: See all opens every product, newest first.
        await mp.waitForText('New arrivals')
        const rows = mp.groupsOf('product-row')
        const row = rows.findIndex((texts) => texts[0] === 'New arrivals')
        assert.ok(row >= 0, mp.text())
        const seeAllBefore = rows.slice(0, row).filter((texts) => texts.includes('See all')).length
        const sinceList = mp.requests.length
        mp.tap('See all', { nth: seeAllBefore })
        await mp.waitForPage(PAGES.productList)
        await mp.waitFor(() => mp.textsOf('product-card__name').length === PAGE_SIZE, { what: 'the first page of products' })
        await mp.settled()
        assert.equal(mp.currentPage().title.split(' · ')[0], 'New arrivals')
        assert.deepEqual(listPages(mp, sinceList).map((p) => p.start), [0])
        const firstPage = listPages(mp, sinceList)[0].request.response.products.map((p) => p.name)

        // The bottom reached: the second page (startingPosition 12) is appended to the first.
        mp.scrollToBottom()
        await mp.waitFor(() => mp.textsOf('product-card__name').length === PAGE_SIZE * 2, { what: 'the second page of products' })
        await mp.settled()
        const pages = listPages(mp, sinceList)
        assert.deepEqual(pages.map((p) => p.start), [0, PAGE_SIZE])
        const secondPage = pages[1].request.response.products.map((p) => p.name)
        assert.equal(secondPage.length, PAGE_SIZE)
        assert.deepEqual(mp.textsOf('product-card__name'), [...firstPage, ...secondPage])
        assert.equal(new Set(mp.textsOf('product-card__name')).size, PAGE_SIZE * 2, 'no product twice')

        // Search, the hoodie: Add to cart before a size and a colour are chosen names the first option and sends nothing.
        await searchAndOpen(mp, 'hoodie', HOODIE)
        const cartPosts = () => requestsTo(mp, 'POST', '/shoppingManagement4/myCart').filter((r) => r.path.endsWith('/myCart'))
        // The page's one Add to cart is in the buy bar, beside the price the shopper pays.
        assert.deepEqual(mp.groupsOf('product-page__buy-bar').map((texts) => texts.length), [2])
        const [barPrice, barButton] = mp.groupsOf('product-page__buy-bar')[0]
        assert.match(barPrice, /^\$\d+\.\d\d$/)
        assert.equal(barButton, 'Add to cart')
        assert.equal(mp.texts().filter((text) => text === 'Add to cart').length, 1)
        const scrolls = () => mp.calls.filter((c) => c.name === 'pageScrollTo').map((c) => c.options.selector)
        mp.tap('Add to cart')
        await mp.waitForText(`Please choose: ${hoodie.options[0].nameContent.en}`)
        await mp.waitFor(() => scrolls().length === 1, { what: 'the page scrolled to the options' })
        await mp.settled()
        assert.deepEqual(scrolls(), ['.product-page .option-picker'])
        assert.equal(cartPosts().length, 0, 'no pair chosen: nothing added')
        for (const [option, value] of Object.entries(choice)) {
          mp.tap(labelOf(option, value))
          await mp.waitFor(() => mp.textsOf('option-picker__value--chosen').includes(labelOf(option, value)), { what: `${option} ${value} chosen` })
        }
        await mp.waitForText('in stock')
        mp.tap('Add to cart')
        await mp.waitForText('Added to your cart')
        assert.equal(cartPosts().length, 1)
        await mp.waitFor(() => mp.textsOf('tab-bar__badge')[0] === '1', { what: 'the badge to count one' })
        assert.deepEqual(cartPosts()[0].body, { productId: hoodie.id, quantity: 1, optionPair: pair.optionPair })
        hoodieKey = Object.values(cartPosts()[0].response.lineItems).find((l) => l.productId === hoodie.id).itemKey

        // The coffee, from search, as a second line.
        await searchAndOpen(mp, 'Colombia', COFFEE)
        mp.tap('Add to cart')
        await mp.waitForText('Added to your cart')
        assert.equal(cartPosts().length, 2)
        await mp.waitFor(() => mp.textsOf('tab-bar__badge')[0] === '2', { what: 'the badge to count two' })

        // The cart: one more hoodie through the stepper, then the coffee removed; each answered by the server.
        await openCart(mp)
        assert.deepEqual(mp.textsOf('cart-line__name').sort(), [COFFEE, HOODIE].sort())
        const hoodieLine = mp.groupsOf('cart-line').findIndex((texts) => texts.includes(HOODIE))
        mp.tapClass('quantity-stepper__increase', { nth: hoodieLine })
        const puts = () => requestsTo(mp, 'PUT', '/shoppingManagement4/myCart')
        await mp.waitFor(() => puts().length === 1 && puts()[0].status, { what: 'PUT myCart' })
        assert.equal(puts()[0].status, 200)
        assert.deepEqual(puts()[0].body, { itemKey: hoodieKey, quantity: 2 })
        assert.equal(puts()[0].response.lineItems[hoodieKey].quantity, 2)
        await mp.waitFor(() => mp.textsOf('tab-bar__badge')[0] === '3', { what: 'the badge to count three' })
        const coffeeLine = mp.groupsOf('cart-line').findIndex((texts) => texts.includes(COFFEE))
        mp.tapClass('cart-line__remove', { nth: coffeeLine })
        const deleted = () => requestsTo(mp, 'POST', '/shoppingManagement4/myCart/delete')
        await mp.waitFor(() => deleted().length === 1 && deleted()[0].status, { what: 'the coffee removed' })
        assert.equal(deleted()[0].status, 200)
        assert.deepEqual(Object.values(deleted()[0].response.lineItems).map((l) => [l.itemKey, l.quantity]), [[hoodieKey, 2]])
        await mp.waitFor(() => mp.textsOf('cart-line__name').join() === HOODIE, { what: 'only the hoodie left' })
        await mp.settled()
        await assertDeviceClean(mp)
        storage = { ...mp.storage }
      })

      // The app closed and launched again on the same phone: the cart is the same, on the page and on the server.
      await runMiniProgram(kind, server.baseUrl, { storage }, async (mp) => {
        await mp.waitFor(() => mp.textsOf('tab-bar__badge')[0] === '2', { what: 'the badge to count the kept cart' })
        await openCart(mp)
        assert.deepEqual(mp.textsOf('cart-line__name'), [HOODIE])
        const [cart] = requestsTo(mp, 'GET', '/shoppingManagement4/myCart').filter((r) => r.path.endsWith('/myCart'))
        assert.deepEqual(Object.values(cart.response.lineItems).map((l) => [l.itemKey, l.quantity]), [[hoodieKey, 2]])
        // The options in the shopper's language (the catalogue's labels), not the stored values.
        const line = cart.response.lineItems[hoodieKey]
        assert.deepEqual(mp.textsOf('cart-line__options'), [line.optionLabels.map((label) => label.en).join(' / ')])
        await assertDeviceClean(mp)
      })
    })

    it("the product page's buy bar is fixed at the foot of the screen, standing on the shell's tab bar", () => {
      const bar = styleRule(kind, 'packages/store', '.product-page__buy-bar')
      assert.ok(bar, 'the store package styles the buy bar')
      assert.match(bar, /position:\s*fixed/)
      // The shell draws its tab bar on every mini-program page (the build declares no native one): the buy bar's foot is
      // the tab bar's height and top border above the screen's, the home-indicator inset being under the tab bar.
      const tabBar = styleRule(kind, '', '.tab-bar')
      const height = /(?:^|;)\s*height:\s*(\d+)rpx/.exec(tabBar)?.[1]
      const border = /border-top:\s*(\d+)rpx/.exec(tabBar)?.[1]
      assert.ok(height && border, tabBar)
      const onTabBar = styleRule(kind, 'packages/store', '.shell--mini-program .product-page__buy-bar')
      assert.ok(onTabBar, 'a rule for the bar on a mini-program page')
      assert.match(onTabBar, new RegExp(`bottom:\\s*calc\\(\\s*${Number(height) + Number(border)}rpx\\s*\\+\\s*env\\(safe-area-inset-bottom\\)\\s*\\)`))
    })
  })
}

/** The search tab: `term` searched, and the product `name` among the results opened. */
async function searchAndOpen(mp, term, name) {
  mp.tap('Search')
  await mp.waitForPage('packages/store/pages/search/index')
  await mp.settled()
  mp.input('q', term)
  mp.tapClass('search-page__submit')
  // "1 result for …", "2 results for …" (issue 42 n-11)
  await mp.waitFor(() => [`result for “${term}”`, `results for “${term}”`].some((words) => mp.text().includes(words)), { what: `the results for ${term}` })
  await mp.waitForText(name)
  mp.tap(name)
  await mp.waitForPage(PAGES.product)
  await mp.waitForText('Add to cart')
  await mp.settled()
}
