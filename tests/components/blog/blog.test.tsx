import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { BlogCategory, BlogPost, BlogPostSummary, RichBlock } from '@/api/blog'
import BlogPage from '@/packages/blog/pages/index/index'
import BlogPostPage from '@/packages/blog/pages/post/index'
import { platform } from '@/platform'
import { askedGets, fail, firstScreenKeys, mockHttp } from '../../support/mockHttp'
import { product } from '../../support/fixtures/catalog'
import { navigations } from '../../support/taroMock'
import { LANGS, pageBody, resetStore, texts } from '../store/storeTestKit'

const CATEGORIES: BlogCategory[] = [
  { name: 'tea', nameContent: { en: 'Tea', zh: '茶' }, postCount: 5 },
  { name: 'coffee', nameContent: { en: 'Coffee', zh: '咖啡' }, postCount: 3 },
  { name: 'gardening', nameContent: { en: 'Gardening', zh: '园艺' }, postCount: 0 }
]

const summary = (n: number, category = n % 2 ? 'tea' : 'coffee'): BlogPostSummary => ({
  slug: `post-${n}`,
  title: `Post ${n}`,
  titleContent: { en: `Post ${n}`, zh: `文章 ${n}` },
  summary: `Summary ${n}`,
  summaryContent: { en: `Summary ${n}`, zh: `摘要 ${n}` },
  cover: `blog-post-${n}.svg`,
  category,
  categoryContent: category === 'tea' ? { en: 'Tea', zh: '茶' } : { en: 'Coffee', zh: '咖啡' },
  publishedAt: new Date(2026, 10, 20 - n, 12).toISOString(),
  productIds: ['1011']
})
const ALL = Array.from({ length: 8 }, (_, i) => summary(i + 1))

function pageOf(query: Record<string, string>) {
  const list = query.category ? ALL.filter((p) => p.category === query.category) : ALL
  const start = Number(query.startingPosition ?? 0)
  const count = Number(query.numberToLoad ?? 6)
  return { posts: list.slice(start, start + count), startingPosition: start, numberToLoad: count, hasMore: start + count < list.length }
}

const body = (lang: 'en' | 'zh'): RichBlock[] => [
  { type: 'paragraph', spans: [{ text: lang === 'en' ? 'Water at ' : '水温' }, { text: '80 °C', bold: true }, { text: lang === 'en' ? ', not boiling.' : '，不要沸水。', italic: true }] },
  { type: 'heading', spans: [{ text: lang === 'en' ? 'What you need' : '准备' }] },
  {
    type: 'bulletList',
    items: [
      [{ text: lang === 'en' ? 'West Lake Longjing' : '西湖龙井', href: '/store/product/1011' }],
      [{ text: lang === 'en' ? 'A tea guide' : '茶叶指南', href: 'https://tea.example.com/guide' }]
    ]
  },
  { type: 'numberedList', items: [[{ text: lang === 'en' ? 'Warm the glass.' : '温杯。' }], [{ text: lang === 'en' ? 'Add the leaves.' : '投茶。' }]] },
  { type: 'quote', spans: [{ text: lang === 'en' ? 'Patience, not heat.' : '要耐心，不要高温。' }] },
  { type: 'image', src: 'blog-leaves.svg', alt: lang === 'en' ? 'Tea leaves' : '茶叶' }
]

const POST: BlogPost = {
  ...summary(1),
  slug: 'brewing-longjing-at-home',
  title: 'Brewing Longjing at home',
  titleContent: { en: 'Brewing Longjing at home', zh: '在家冲泡西湖龙井' },
  body: { en: body('en'), zh: body('zh') },
  productIds: ['1011'],
  products: [product({ id: '1011', en: 'West Lake Longjing 100g', zh: '西湖龙井 100克' })]
}

const TEXT = {
  en: {
    title: 'Blog', all: 'All', tea: 'Tea', more: 'More posts', end: 'You have read them all.', loading: 'Loading the posts…',
    failed: 'Could not load the blog: Blog offline', retry: 'Try again', post1: 'Post 1', summary1: 'Summary 1',
    postTitle: 'Brewing Longjing at home', heading: 'What you need', bold: '80 °C', products: 'Products in this post',
    product: 'West Lake Longjing 100g', link: 'West Lake Longjing', external: 'A tea guide', notFound: 'This post is not available.',
    back: 'All posts', published: 'Published 2026-11-19', read: 'Read “Post 1”', share: 'Share'
  },
  zh: {
    title: '博客', all: '全部', tea: '茶', more: '更多文章', end: '文章已全部看完。', loading: '正在加载文章…',
    failed: '博客加载失败：Blog offline', retry: '重试', post1: '文章 1', summary1: '摘要 1',
    postTitle: '在家冲泡西湖龙井', heading: '准备', bold: '80 °C', products: '文中商品',
    product: '西湖龙井 100克', link: '西湖龙井', external: '茶叶指南', notFound: '这篇文章不存在或已下线。',
    back: '全部文章', published: '发布于 2026-11-19', read: '阅读《文章 1》', share: '分享'
  }
}

afterEach(() => jest.restoreAllMocks())

describe.each(LANGS)('blog list (%s)', (lang) => {
  const text = TEXT[lang]

  it('shows the posts newest first with cover, category, date, title and summary; the next six on "more"; then the end', async () => {
    resetStore(lang, '/blog')
    const http = mockHttp({ 'GET /common3/blog/categories': { categories: CATEGORIES }, 'GET /common3/blog/posts': (req: { query: Record<string, string> }) => pageOf(req.query) })
    const { container } = render(<BlogPage />)
    expect(await screen.findByText(text.loading)).toBeTruthy()
    await screen.findByText(text.post1)
    const page = pageBody(container, '.blog-list')
    expect(document.title).toContain(text.title)
    expect(texts(page, '.blog-card__title')).toEqual(ALL.slice(0, 6).map((p) => p.titleContent[lang]))
    const first = page.querySelector<HTMLElement>('.blog-card')!
    expect(within(first).getByText(text.summary1)).toBeTruthy()
    expect(within(first).getByText(text.tea)).toBeTruthy()
    expect(first.getAttribute('aria-label')).toBe(text.read)
    expect(first.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/maple/blog-post-1.svg')
    // All and the categories with posts; an empty category is not offered
    await waitFor(() => expect(texts(page, '.blog-filter__choice')).toEqual([text.all, text.tea, lang === 'en' ? 'Coffee' : '咖啡']))
    expect(page.querySelector('.blog-filter__choice--active')?.textContent).toBe(text.all)

    fireEvent.click(screen.getByText(text.more))
    await screen.findByText(lang === 'en' ? 'Post 8' : '文章 8')
    expect(page.querySelectorAll('.blog-card')).toHaveLength(8)
    const calls = http.calls.filter((c) => c.path === '/common3/blog/posts')
    expect(calls.map((c) => [c.query.startingPosition, c.query.numberToLoad])).toEqual([['0', '6'], ['6', '6']])
    expect(screen.getByText(text.end)).toBeTruthy()
    expect(screen.queryByText(text.more)).toBeNull()

    fireEvent.click(first)
    expect(navigations.at(-1)?.url).toBe('/blog/post-1')
  })

  it('filters by category from the address and from the chips, writing the choice into the address', async () => {
    resetStore(lang, '/blog?category=tea')
    const http = mockHttp({ 'GET /common3/blog/categories': { categories: CATEGORIES }, 'GET /common3/blog/posts': (req: { query: Record<string, string> }) => pageOf(req.query) })
    const { container } = render(<BlogPage />)
    await screen.findByText(text.post1)
    const page = pageBody(container, '.blog-list')
    expect(page.querySelectorAll('.blog-card')).toHaveLength(4)
    expect(http.calls.find((c) => c.path === '/common3/blog/posts')?.query.category).toBe('tea')
    await waitFor(() => expect(page.querySelector('.blog-filter__choice--active')?.textContent).toBe(text.tea))

    fireEvent.click(within(page).getByText(text.all))
    await waitFor(() => expect(page.querySelectorAll('.blog-card')).toHaveLength(6))
    expect(http.calls.filter((c) => c.path === '/common3/blog/posts').at(-1)?.query.category).toBeUndefined()
    expect(window.location.search).toBe('?category=')

    const coffee = page.querySelector<HTMLElement>('.blog-filter__choice[data-category="coffee"]')!
    expect(coffee.textContent).toBe(lang === 'en' ? 'Coffee' : '咖啡')
    fireEvent.click(coffee)
    await waitFor(() => expect(page.querySelectorAll('.blog-card')).toHaveLength(4))
    expect(texts(page, '.blog-card__title')[0]).toBe(lang === 'en' ? 'Post 2' : '文章 2')
    expect(window.location.search).toBe('?category=coffee')
  })

  it('shows the error with a retry that loads the posts again', async () => {
    resetStore(lang, '/blog')
    const http = mockHttp({ 'GET /common3/blog/categories': { categories: CATEGORIES }, 'GET /common3/blog/posts': fail(503, 'Blog offline') })
    render(<BlogPage />)
    expect((await screen.findByRole('alert')).textContent).toContain(text.failed)
    http.set('GET /common3/blog/posts', (req: { query: Record<string, string> }) => pageOf(req.query))
    fireEvent.click(screen.getByText(text.retry))
    expect(await screen.findByText(text.post1)).toBeTruthy()
  })
})

describe.each(LANGS)('blog post (%s)', (lang) => {
  const text = TEXT[lang]

  it('renders the body in the shopper\'s language from safe blocks, with working links and the linked products', async () => {
    resetStore(lang, '/blog/brewing-longjing-at-home')
    const http = mockHttp({ 'GET /common3/blog/post/brewing-longjing-at-home': POST })
    const openSpy = jest.spyOn(window, 'open').mockImplementation(() => null)
    const { container } = render(<BlogPostPage />)
    await screen.findByText(text.heading)
    const post = pageBody(container, '.blog-post')
    expect(http.calls[0].path).toBe('/common3/blog/post/brewing-longjing-at-home')
    expect(askedGets(http)).toEqual(expect.arrayContaining(firstScreenKeys('/blog/brewing-longjing-at-home')))
    expect(within(post).getByText(text.postTitle, { selector: '.blog-post__title' })).toBeTruthy()
    await waitFor(() => expect(document.title).toContain(text.postTitle))
    expect(within(post).getByText(text.published)).toBeTruthy()
    // blocks: heading with its level, bold and italic marks, lists with markers, quote, image through the CDN rule
    expect(within(post).getByRole('heading', { name: text.heading }).getAttribute('aria-level')).toBe('2')
    expect(within(post).getByText(text.bold).className).toContain('rich-text__bold')
    expect(post.querySelector('.rich-text__italic')?.textContent).toBe(lang === 'en' ? ', not boiling.' : '，不要沸水。')
    expect(texts(post, '.rich-text__list--numbered .rich-text__marker')).toEqual(['1.', '2.'])
    expect(texts(post, '.rich-text__list--bullet .rich-text__marker')).toEqual(['•', '•'])
    expect(post.querySelector('.rich-text__quote')?.textContent).toBe(lang === 'en' ? 'Patience, not heat.' : '要耐心，不要高温。')
    await waitFor(() => expect(post.querySelector('.rich-text__image img')?.getAttribute('src')).toBe('https://cdn.example.com/maple/blog-leaves.svg'))
    expect(post.querySelector('.rich-text__image img')?.getAttribute('alt')).toBe(lang === 'en' ? 'Tea leaves' : '茶叶')
    // No markup from the server: the only anchors are the store's own links (Link.h5.tsx), to a page or an https site.
    expect(post.querySelector('.rich-text')?.innerHTML).not.toMatch(/<(script|iframe)/)
    expect([...post.querySelectorAll('.rich-text a')].map((a) => [a.className, a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      ['link rich-text__span rich-text__link', '/store/product/1011', null],
      ['link rich-text__span rich-text__link', 'https://tea.example.com/guide', '_blank']
    ])
    // the other language's body is not shown
    expect(within(post).queryByText(lang === 'en' ? '准备' : 'What you need')).toBeNull()

    // an in-store link opens its page in the app; an https link opens outside it
    fireEvent.click(within(post).getByText(text.link, { selector: '.rich-text__link' }))
    expect(navigations.at(-1)?.url).toBe('/store/product/1011')
    fireEvent.click(within(post).getByText(text.external))
    expect(openSpy).toHaveBeenCalledWith('https://tea.example.com/guide', '_blank', 'noopener')

    // the linked product opens its product page
    expect(within(post).getByText(text.products)).toBeTruthy()
    const card = post.querySelector<HTMLElement>('.product-card[data-product-id="1011"]')!
    expect(within(card).getByText(text.product)).toBeTruthy()
    fireEvent.click(card)
    expect(navigations.at(-1)?.url).toBe('/store/product/1011')

    // sharing the post shares its public path
    const sharePage = jest.spyOn(platform, 'sharePage').mockResolvedValue('shared')
    fireEvent.click(within(post).getByText(text.share))
    await waitFor(() => expect(sharePage).toHaveBeenCalledWith({ title: text.postTitle, path: '/blog/brewing-longjing-at-home' }))

    fireEvent.click(within(post).getByText(text.back))
    expect(navigations.at(-1)?.url).toBe('/blog')
  })

  it('says so for an unknown post, with a way back to the list', async () => {
    resetStore(lang, '/blog/gone')
    mockHttp({ 'GET /common3/blog/post/gone': fail(404, "Blog post 'gone' not found") })
    render(<BlogPostPage />)
    expect(await screen.findByText(text.notFound)).toBeTruthy()
    fireEvent.click(screen.getByText(text.back))
    expect(navigations.at(-1)?.url).toBe('/blog')
  })

  it('shows a failure with a retry', async () => {
    resetStore(lang, '/blog/brewing-longjing-at-home')
    const http = mockHttp({ 'GET /common3/blog/post/brewing-longjing-at-home': fail(503, 'Blog offline') })
    render(<BlogPostPage />)
    expect((await screen.findByRole('alert')).textContent).toContain(lang === 'en' ? 'Could not load this post: Blog offline' : '文章加载失败：Blog offline')
    http.set('GET /common3/blog/post/brewing-longjing-at-home', POST)
    fireEvent.click(screen.getByText(text.retry))
    expect(await screen.findByText(text.heading)).toBeTruthy()
  })
})
