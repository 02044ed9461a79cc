import { blogCategoryParam, blogListUrl, blogPostUrl, linkTarget, publishedDate } from '@/domain/blog'

describe('blog links', () => {
  it.each([
    ['/store/product/1011', { kind: 'page', url: '/store/product/1011' }],
    ['/blog/pour-over-basics', { kind: 'page', url: '/blog/pour-over-basics' }],
    ['https://tea.example.com/a', { kind: 'external', url: 'https://tea.example.com/a' }],
    ['//evil.example.com/x', { kind: 'none' }],
    ['javascript:alert(1)', { kind: 'none' }],
    ['http://plain.example.com', { kind: 'none' }],
    ['https:///nohost', { kind: 'none' }],
    ['', { kind: 'none' }],
    [undefined, { kind: 'none' }]
  ])('%s → %j', (href, target) => {
    expect(linkTarget(href)).toEqual(target)
  })

  it.each([
    ['tea', 'tea'],
    [' Coffee ', 'coffee'],
    ['home-and-kitchen', 'home-and-kitchen'],
    ['', null],
    [undefined, null],
    ['a b', null],
    ['-tea', null],
    ['x'.repeat(61), null]
  ])('category %j → %j', (value, category) => {
    expect(blogCategoryParam(value)).toBe(category)
  })

  it('builds the list and post URLs', () => {
    expect(blogListUrl()).toBe('/blog')
    expect(blogListUrl(null)).toBe('/blog')
    expect(blogListUrl('tea')).toBe('/blog?category=tea')
    expect(blogPostUrl('pour-over-basics')).toBe('/blog/pour-over-basics')
    expect(blogPostUrl('a b')).toBe('/blog/a%20b')
  })

  it('shows the publication day as YYYY-MM-DD of the device, and nothing for a bad date', () => {
    expect(publishedDate(new Date(2026, 0, 5, 23, 30).toISOString())).toBe('2026-01-05')
    expect(publishedDate('not a date')).toBe('')
  })
})
