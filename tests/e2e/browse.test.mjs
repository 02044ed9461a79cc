// Issue 4: browse and cart in headless Chromium against the real server. On a phone in English and on a desktop
// in Chinese: home, a category tile, all products scrolled until the second page loads, search, a product with a
// size/colour pair added to the cart, a second product added, the cart's quantity changed and a line removed —
// each change answered by the server — and the cart found the same after a reload.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { API, visible, WAIT } from './steps.mjs'

const PAGE_SIZE = 12

// Seed catalogue (server/src/seed/catalogue.ts): the hoodie has size and colour, the coffee has no options;
// Coffee is a home-page tile with 10 products (one page).
const HOODIE = { en: 'Panda Hoodie', zh: '熊猫连帽卫衣', search: { en: 'hoodie', zh: '卫衣' } }
const COFFEE = { en: 'Colombia Supremo 340g', zh: '哥伦比亚特级 340克', search: { en: 'Colombia', zh: '哥伦比亚' } }
const CATEGORY = { name: 'Coffee', en: 'Coffee', zh: '咖啡', size: 10 }

const TEXT = {
  en: { newArrivals: 'New arrivals', endOfList: 'That is everything', allProducts: 'All products', shop: 'Shop', added: 'Added to your cart', addToCart: 'Add to cart' },
  zh: { newArrivals: '新品上架', endOfList: '已经到底了', allProducts: '全部商品', shop: '商店', added: '已加入购物车', addToCart: '加入购物车' }
}

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

async function api(path) {
  const res = await fetch(`${stack.baseUrl}${API}${path}`)
  assert.equal(res.status, 200, path)
  return res.json()
}

/** The seeded product of that English name, with the stock of each of its option pairs. */
async function seeded(nameEn) {
  const { products } = await api(`/productManagement2/products/search/${encodeURIComponent(nameEn)}`)
  const product = products.find((p) => p.name === nameEn)
  assert.ok(product, nameEn)
  const { variants } = await api(`/productDetailManagement/productDetail/${product.id}`)
  return { id: product.id, options: product.options, variants }
}

const isCartCall = (method, suffix) => (res) =>
  res.request().method() === method && new URL(res.url()).pathname === `${API}/shoppingManagement4/myCart${suffix}`

const isProductPage = (start) => (res) => {
  const url = new URL(res.url())
  return url.pathname === `${API}/productManagement2/products` && url.searchParams.get('startingPosition') === String(start)
}

/** [itemKey, quantity] of each line the cart page shows, in order. */
async function shownLines(page) {
  const lines = visible(page, '.cart-page .cart-line')
  const out = []
  for (const line of await lines.all()) {
    const key = await line.getAttribute('data-item-key')
    out.push([key, Number(await line.locator('.quantity-stepper__input input').inputValue())])
  }
  return out
}

/** [itemKey, quantity] of each line of a cart as the server sends it. */
const serverLines = (cart) => Object.values(cart.lineItems).map((l) => [l.itemKey, l.quantity])

/**
 * Scrolls what holds the element (Taro H5 scrolls each page's .taro_page, not the window) to its very bottom,
 * where the page's reach-bottom handler asks for the next page.
 */
function scrollToBottom(locator) {
  return locator.evaluate((el) => {
    let scroller = el.parentElement
    while (scroller && !(scroller.scrollHeight > scroller.clientHeight && /auto|scroll/.test(getComputedStyle(scroller).overflowY))) {
      scroller = scroller.parentElement
    }
    scroller ??= document.scrollingElement
    scroller.scrollTo(0, scroller.scrollHeight)
  })
}

const sorted = (lines) => [...lines].sort(([a], [b]) => a.localeCompare(b))

for (const [viewport, language] of [['phone', 'en'], ['desktop', 'zh']]) {
  describe(`browsing and the cart on a ${viewport} window in ${language}`, () => {
    it('goes from home through a category, all products (two pages) and search to a cart that survives a reload', { timeout: 120_000 }, async () => {
      const text = TEXT[language]
      const hoodie = await seeded(HOODIE.en)
      const coffee = await seeded(COFFEE.en)
      // The hoodie's pair with the most stock (at least 2: the cart raises the quantity to 2).
      const pair = [...hoodie.variants].sort((a, b) => b.available - a.available)[0]
      assert.ok(pair.available >= 2, `stock of ${pair.optionPair}`)
      const choice = Object.fromEntries(pair.optionPair.split(',').map((part) => part.split(':')))
      assert.deepEqual(Object.keys(choice).sort(), ['color', 'size'])

      const { context, page, errors } = await openContext(browser, { viewport, language })
      page.setDefaultTimeout(WAIT.timeout)
      try {
        // Home, then a category through its tile: the category's products, all on one page.
        await page.goto(`${stack.baseUrl}/`)
        await visible(page, `.category-tiles__tile[data-category="${CATEGORY.name}"]`).click()
        await page.waitForURL(`${stack.baseUrl}/store/productlist?cat=${CATEGORY.name}`)
        await visible(page, '.store-page__title').filter({ hasText: CATEGORY[language] }).waitFor()
        await visible(page, '.list-footer__text').filter({ hasText: text.endOfList }).waitFor()
        const categoryCards = visible(page, '.store-page .product-card')
        assert.equal(await categoryCards.count(), CATEGORY.size)
        assert.equal(await visible(page, '.list-footer__more').count(), 0)

        // All products: on a phone through the home page's new-arrivals row (its own list: every product, newest first,
        // titled New arrivals), on a desktop from the header's Shop menu.
        await visible(page, '.header__brand').click()
        await page.waitForURL(`${stack.baseUrl}/`)
        const listPrefix = `${stack.baseUrl}/store/productlist?cat=all`
        if (viewport === 'phone') {
          await visible(page, '.product-row').filter({ hasText: text.newArrivals }).locator('.product-row__action').click()
          await page.waitForURL(`${listPrefix}&sort=date&list=new`)
          await visible(page, '.store-page__title').filter({ hasText: text.newArrivals }).waitFor()
        } else {
          const shop = visible(page, '.header__menu-item').filter({ hasText: text.shop })
          await shop.locator('.header__submenu-toggle').click()
          await shop.locator('.header__submenu-link').filter({ hasText: text.allProducts }).click()
          await page.waitForURL(`${listPrefix}&sort=name`)
        }
        const cards = visible(page, '.store-page .product-card')
        await visible(page, '.list-footer__more').waitFor()
        assert.equal(await cards.count(), PAGE_SIZE)
        const firstPageIds = await cards.evaluateAll((els) => els.map((el) => el.dataset.productId))

        // Scrolling to the bottom loads the second page (startingPosition 12), appended to the first.
        const secondPage = page.waitForResponse(isProductPage(PAGE_SIZE))
        await scrollToBottom(cards.last())
        const secondPageResponse = await secondPage
        assert.equal(secondPageResponse.status(), 200)
        const { products: more } = await secondPageResponse.json()
        assert.equal(more.length, PAGE_SIZE)
        await cards.nth(PAGE_SIZE * 2 - 1).waitFor()
        const ids = await cards.evaluateAll((els) => els.map((el) => el.dataset.productId))
        assert.deepEqual(ids, [...firstPageIds, ...more.map((p) => p.id)])
        assert.equal(new Set(ids).size, ids.length, 'no product twice')

        /** Search from the header, open the one product of that id among the results. */
        async function searchAndOpen(term, productId) {
          await visible(page, '.header__search').click()
          await page.waitForURL(`${stack.baseUrl}/store/search`)
          const input = visible(page, '.search-page__input input')
          await input.fill(term)
          await input.press('Enter')
          await visible(page, '.search-page__count').filter({ hasText: term }).waitFor()
          await visible(page, `.store-page .product-card[data-product-id="${productId}"]`).click()
          await page.waitForURL(`${stack.baseUrl}/store/product/${productId}`)
          return visible(page, `.product-page[data-product-id="${productId}"]`)
        }

        /** Adds what the product page shows; the server's cart is returned. */
        async function add(product) {
          const posted = page.waitForResponse(isCartCall('POST', ''))
          await product.locator('.product-page__add:not([disabled])').click()
          const res = await posted
          assert.equal(res.status(), 200)
          await product.locator('.product-page__added').filter({ hasText: text.added }).waitFor()
          return res.json()
        }

        // Search, the hoodie: the add button waits for a size and a colour; then one of that pair goes to the cart.
        const hoodiePage = await searchAndOpen(HOODIE.search[language], hoodie.id)
        await hoodiePage.locator('.product-page__name').filter({ hasText: HOODIE[language] }).waitFor()
        // No pair chosen: Add to cart names the first option to choose and sends nothing.
        const firstOption = hoodie.options[0].nameContent[language]
        let posts = 0
        const countPosts = (req) => void (req.method() === 'POST' && req.url().includes('/shoppingManagement4/myCart') && posts++)
        page.on('request', countPosts)
        await hoodiePage.locator('.product-page__add').click()
        await hoodiePage.locator('.product-page__error[role="alert"]').filter({ hasText: language === 'en' ? `Please choose: ${firstOption}` : `请先选择${firstOption}` }).waitFor()
        page.off('request', countPosts)
        assert.equal(posts, 0, 'no pair chosen: nothing added')
        for (const [option, value] of Object.entries(choice)) {
          const button = hoodiePage.locator(`.option-picker__value[data-option="${option}"][data-value="${value}"]`)
          await button.click()
          await hoodiePage.locator(`.option-picker__value--chosen[data-option="${option}"][data-value="${value}"]`).waitFor()
        }
        let cart = await add(hoodiePage)
        const hoodieLine = Object.values(cart.lineItems).find((l) => l.productId === hoodie.id)
        assert.equal(hoodieLine.optionPair, pair.optionPair)
        assert.equal(hoodieLine.quantity, 1)

        // Search again, the coffee (no options), added as a second line.
        const coffeePage = await searchAndOpen(COFFEE.search[language], coffee.id)
        await coffeePage.locator('.product-page__name').filter({ hasText: COFFEE[language] }).waitFor()
        cart = await add(coffeePage)
        const coffeeLine = Object.values(cart.lineItems).find((l) => l.productId === coffee.id)
        assert.equal(coffeeLine.quantity, 1)
        assert.deepEqual(sorted(serverLines(cart)), sorted([[hoodieLine.itemKey, 1], [coffeeLine.itemKey, 1]]))

        // The cart from the header: both lines, each once.
        await visible(page, '.header__cart').click()
        await page.waitForURL(`${stack.baseUrl}/checkout/cart`)
        const line = (key) => visible(page, `.cart-page .cart-line[data-item-key="${key}"]`)
        await line(hoodieLine.itemKey).locator('.cart-line__name').filter({ hasText: HOODIE[language] }).waitFor()
        await line(coffeeLine.itemKey).locator('.cart-line__name').filter({ hasText: COFFEE[language] }).waitFor()
        assert.deepEqual(sorted(await shownLines(page)), sorted(serverLines(cart)))

        // One more hoodie: the server answers with quantity 2 and the page shows it.
        const put = page.waitForResponse(isCartCall('PUT', ''))
        await line(hoodieLine.itemKey).locator('.quantity-stepper__increase').click()
        const putResponse = await put
        assert.equal(putResponse.status(), 200)
        assert.deepEqual(putResponse.request().postDataJSON(), { itemKey: hoodieLine.itemKey, quantity: 2 })
        cart = await putResponse.json()
        assert.equal(cart.lineItems[hoodieLine.itemKey]?.quantity, 2)
        await page.waitForFunction(
          (key) => [...document.querySelectorAll(`.cart-line[data-item-key="${key}"] .quantity-stepper__input input`)].some((i) => i.offsetParent && i.value === '2'),
          hoodieLine.itemKey
        )

        // The coffee removed: gone on the server and from the page.
        const removed = page.waitForResponse(isCartCall('POST', '/delete'))
        await line(coffeeLine.itemKey).locator('.cart-line__remove').click()
        const removedResponse = await removed
        assert.equal(removedResponse.status(), 200)
        cart = await removedResponse.json()
        assert.deepEqual(serverLines(cart), [[hoodieLine.itemKey, 2]])
        await line(coffeeLine.itemKey).waitFor({ state: 'detached' })
        assert.deepEqual(await shownLines(page), [[hoodieLine.itemKey, 2]])

        // A reload finds the same cart, on the page and on the server.
        const reloaded = page.waitForResponse(isCartCall('GET', ''))
        await page.reload()
        assert.equal((await reloaded).status(), 200)
        await line(hoodieLine.itemKey).locator('.cart-line__name').filter({ hasText: HOODIE[language] }).waitFor()
        assert.deepEqual(await shownLines(page), [[hoodieLine.itemKey, 2]])
        // The options in the shopper's language (the catalogue's labels: 'Extra large', '加大号'), not the stored values.
        const shownOptions = await line(hoodieLine.itemKey).locator('.cart-line__options').textContent()
        assert.equal(shownOptions, hoodieLine.optionLabels.map((label) => label[language]).join(' / '))
        assert.notEqual(shownOptions, pair.optionPair.split(',').map((p) => p.split(':')[1]).join(' / '))
        const fromServer = await (await page.request.get(`${stack.baseUrl}${API}/shoppingManagement4/myCart`)).json()
        assert.deepEqual(serverLines(fromServer), [[hoodieLine.itemKey, 2]])

        // The line's picture opens its product with the line's options chosen.
        await line(hoodieLine.itemKey).locator('.cart-line__thumb').click()
        await page.waitForURL((url) => url.pathname === `/store/product/${hoodieLine.productId}` && url.searchParams.get('option') === pair.optionPair, WAIT)
        for (const [option, value] of Object.entries(choice)) {
          await visible(page, `.option-picker__value--chosen[data-option="${option}"][data-value="${value}"]`).waitFor(WAIT)
        }
        await visible(page, '.product-page__add').filter({ hasText: text.addToCart }).waitFor(WAIT)

        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  })
}
