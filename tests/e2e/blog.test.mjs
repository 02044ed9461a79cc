// Issue 15 items 2 and 6 in headless Chromium against the real server. On a phone in English and on a desktop in
// Chinese: the blog list (six posts, the next ones on scrolling to the bottom, a category chosen), a post read with its
// body drawn from the server's safe blocks, an in-post link and a linked product opening the product page. Then: /main
// shows home; a first visit with no saved language speaks the browser's; and a post read once opens again offline
// (service worker).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { controllingServiceWorker, openContext, pwaContext, startStack, VIEWPORTS, withStackAndBrowser } from './harness.mjs'
import { API, visible, WAIT } from './steps.mjs'

// Seeded blog (server/src/seed/blog.ts): eight published posts, newest first; the Longjing post links 1011 and 1051.
const POST = {
  slug: 'brewing-longjing-at-home',
  en: { title: 'Brewing Longjing at home', heading: 'What you need', link: 'West Lake Longjing' },
  zh: { title: '在家冲泡西湖龙井', heading: '准备', link: '西湖龙井' }
}
const PRODUCT = { id: '1011', en: 'West Lake Longjing 100g', zh: '西湖龙井 100克' }
const TEXT = {
  en: { tea: 'Tea', end: 'You have read them all.', products: 'Products in this post', journal: 'Journal' },
  zh: { tea: '茶', end: '文章已全部看完。', products: '文中商品', journal: '博客' }
}

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

const isPostsPage = (start) => (res) => {
  const url = new URL(res.url())
  return url.pathname === `${API}/common3/blog/posts` && url.searchParams.get('startingPosition') === String(start)
}

/** Scrolls what holds the element (Taro H5 scrolls each page's .taro_page) to its bottom: the reach-bottom handler runs. */
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

for (const [viewport, language] of [['phone', 'en'], ['desktop', 'zh']]) {
  describe(`the blog on a ${viewport} window in ${language}`, () => {
    it('lists posts (the next page on scrolling), filters a category, reads a post and opens its product', { timeout: 120_000 }, async () => {
      const text = TEXT[language]
      const post = POST[language]
      const { published } = { published: (await (await fetch(`${stack.baseUrl}${API}/common3/blog/posts?numberToLoad=100`)).json()).posts }
      assert.equal(published.length, 8)
      const { context, page, errors } = await openContext(browser, { viewport, language })
      page.setDefaultTimeout(WAIT.timeout)
      try {
        if (viewport === 'desktop') {
          // The header's Journal entry (seeded link `blog`) is the way in.
          await page.goto(`${stack.baseUrl}/`)
          await visible(page, '.header__menu-item').filter({ hasText: text.journal }).click()
          await page.waitForURL(`${stack.baseUrl}/blog`)
        } else {
          await page.goto(`${stack.baseUrl}/blog`)
        }
        const cards = visible(page, '.blog-list .blog-card')
        await visible(page, '.blog-list__more').waitFor()
        assert.equal(await cards.count(), 6)
        assert.deepEqual(await cards.evaluateAll((els) => els.map((el) => el.dataset.slug)), published.slice(0, 6).map((p) => p.slug))

        // Scrolling to the bottom asks for the next six from 6: the last two arrive, then the end of the list.
        const next = page.waitForResponse(isPostsPage(6))
        await scrollToBottom(cards.last())
        assert.equal((await next).status(), 200)
        await visible(page, '.blog-list__end').filter({ hasText: text.end }).waitFor()
        assert.deepEqual(await cards.evaluateAll((els) => els.map((el) => el.dataset.slug)), published.map((p) => p.slug))

        // A category: its posts only, and the address says which.
        await visible(page, '.blog-filter__choice[data-category="tea"]').click()
        await page.waitForURL(`${stack.baseUrl}/blog?category=tea`)
        const tea = published.filter((p) => p.category === 'tea').map((p) => p.slug)
        await page.waitForFunction((n) => document.querySelectorAll('.blog-list .blog-card').length === n, tea.length)
        assert.deepEqual(await cards.evaluateAll((els) => els.map((el) => el.dataset.slug)), tea)
        assert.ok(await cards.first().locator('.blog-card__category').filter({ hasText: text.tea }).count())

        // The post: title, body blocks drawn as views (no HTML from the server), the linked products.
        await visible(page, `.blog-card[data-slug="${POST.slug}"]`).click()
        await page.waitForURL(`${stack.baseUrl}/blog/${POST.slug}`)
        const article = visible(page, `.blog-post[data-slug="${POST.slug}"]`)
        await article.locator('.blog-post__title').filter({ hasText: post.title }).waitFor()
        await article.locator('.rich-text__heading').filter({ hasText: post.heading }).first().waitFor()
        assert.equal(await article.locator('.rich-text__list--numbered .rich-text__item').count(), 3)
        assert.equal(await article.locator('.rich-text script, .rich-text iframe').count(), 0)
        // The only anchors in the text are the app's own links (Link, since 07b46ea), to a store path or a web address.
        const anchors = await article.locator('.rich-text a').evaluateAll((els) => els.map((a) => ({ cls: a.className, href: a.getAttribute('href') })))
        assert.ok(anchors.length > 0, 'the post has a link')
        for (const { cls, href } of anchors) {
          assert.match(cls, /\brich-text__link\b/)
          assert.match(href, /^(\/[^/]|https?:\/\/)/)
        }
        assert.ok((await page.title()).startsWith(post.title), await page.title())

        // The link inside the text opens the product page in the app.
        await article.locator('.rich-text__link').filter({ hasText: post.link }).first().click()
        await page.waitForURL(`${stack.baseUrl}/store/product/${PRODUCT.id}`)
        await visible(page, `.product-page[data-product-id="${PRODUCT.id}"] .product-page__name`).filter({ hasText: PRODUCT[language] }).waitFor()
        await page.goBack()
        await page.waitForURL(`${stack.baseUrl}/blog/${POST.slug}`)

        // The linked product's card opens its product page too.
        const row = visible(page, '.blog-post .product-row').filter({ hasText: text.products })
        await row.locator(`.product-card[data-product-id="${PRODUCT.id}"]`).click()
        await page.waitForURL(`${stack.baseUrl}/store/product/${PRODUCT.id}`)
        await visible(page, `.product-page[data-product-id="${PRODUCT.id}"] .product-page__name`).filter({ hasText: PRODUCT[language] }).waitFor()
        assert.deepEqual(errors, [])
      } finally {
        await context.close()
      }
    })
  })
}

describe('spec fidelity', () => {
  it('/main shows the home page', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await openContext(browser, { viewport: 'phone', language: 'en' })
    try {
      await page.goto(`${stack.baseUrl}/main`)
      await visible(page, '.home-page, .home').first().waitFor(WAIT)
      assert.equal(await visible(page, '.general-page').count(), 0)
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  })

  it('a first visit with no saved language speaks the browser\'s (Accept-Language); a saved choice wins', { timeout: 60_000 }, async () => {
    for (const [locale, saved, want] of [['zh-CN', null, 'zh-CN'], ['en-US', null, 'en'], ['zh-CN', 'en', 'en']]) {
      const { width, height, isMobile, hasTouch } = VIEWPORTS.phone
      const context = await browser.newContext({ viewport: { width, height }, isMobile, hasTouch, locale, serviceWorkers: 'block' })
      if (saved) await context.addInitScript((lang) => localStorage.setItem('istore.language', JSON.stringify({ data: lang })), saved)
      const page = await context.newPage()
      try {
        await page.goto(`${stack.baseUrl}/blog`)
        await visible(page, '.blog-card').first().waitFor(WAIT)
        await page.waitForFunction((lang) => document.documentElement.lang === lang, want, WAIT)
        const title = await visible(page, '.blog-list__title').textContent()
        assert.equal(title, want === 'zh-CN' ? '博客' : 'Blog', `${locale}, saved ${saved}`)
      } finally {
        await context.close()
      }
    }
  })
})

describe('offline reading', () => {
  it('a post read online opens again offline, from the service worker\'s cache', { timeout: 90_000 }, async () => {
    const own = await startStack()
    let stopped = false
    const { context, page, close } = await pwaContext()
    try {
      await page.goto(`${own.baseUrl}/`)
      await controllingServiceWorker(page)
      await page.goto(`${own.baseUrl}/blog`)
      await visible(page, `.blog-card[data-slug="${POST.slug}"]`).waitFor(WAIT)
      await page.goto(`${own.baseUrl}/blog/${POST.slug}`)
      await visible(page, '.blog-post__title').filter({ hasText: POST.en.title }).waitFor(WAIT)

      await own.stop()
      stopped = true
      await context.setOffline(true)
      await page.goto(`${own.baseUrl}/blog/${POST.slug}`)
      await visible(page, '.blog-post__title').filter({ hasText: POST.en.title }).waitFor(WAIT)
      await visible(page, '.rich-text__heading').filter({ hasText: POST.en.heading }).first().waitFor(WAIT)
      await visible(page, '.offline-notice').waitFor(WAIT)
      await page.goto(`${own.baseUrl}/blog`)
      await visible(page, `.blog-card[data-slug="${POST.slug}"]`).waitFor(WAIT)
    } finally {
      await close()
      if (!stopped) await own.stop()
    }
  })
})
