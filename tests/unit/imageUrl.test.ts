import { footerLogoUrl, imageUrl, isAbsoluteImageUrl } from '@/domain/imageUrl'

describe('spec §9 "Image URLs not starting with https get the CDN path prefixed"', () => {
  it.each([
    ['img/a.png', 'https://cdn.example.com/', 'https://cdn.example.com/img/a.png'],
    ['/img/a.png', 'https://cdn.example.com/', 'https://cdn.example.com/img/a.png'],
    ['img/a.png', 'https://cdn.example.com', 'https://cdn.example.com/img/a.png'],
    ['//img/a.png', 'https://cdn.example.com//', 'https://cdn.example.com/img/a.png'],
    ['https://other.com/a.png', 'https://cdn.example.com/', 'https://other.com/a.png'],
    ['HTTPS://other.com/a.png', 'https://cdn.example.com/', 'HTTPS://other.com/a.png'],
    // read literally: http is not https, so it is prefixed too
    ['http://other.com/a.png', 'https://cdn.example.com', 'https://cdn.example.com/http://other.com/a.png'],
    ['https://cdn.example.com/img/a.png', 'https://cdn.example.com/', 'https://cdn.example.com/img/a.png'],
    ['img/a.png', '', 'img/a.png'],
    ['img/a.png', undefined, 'img/a.png'],
    ['', 'https://cdn.example.com', ''],
    [undefined, 'https://cdn.example.com', ''],
    ['   ', 'https://cdn.example.com', '']
  ])('%p with CDN %p → %p', (src, cdn, url) => {
    expect(imageUrl(src, cdn)).toBe(url)
  })

  it.each([
    ['https://other.com/a.png', true],
    ['HTTPS://other.com/a.png', true],
    ['http://other.com/a.png', false],
    ['/api/istore/client/common3/image/a.svg', false],
    ['a.svg', false]
  ])('%p is absolute: %p', (url, absolute) => {
    expect(isAbsoluteImageUrl(url)).toBe(absolute)
  })
})

describe('spec footer "relative URL gets the content-delivery path prepended; https URL used as is"', () => {
  it.each([
    ['logo.png', 'https://cdn.example.com/s/', 'https://cdn.example.com/s/logo.png'],
    ['https://x.com/logo.png', 'https://cdn.example.com/s/', 'https://x.com/logo.png'],
    [undefined, 'https://cdn.example.com/s/', '']
  ])('%p → %p', (src, cdn, url) => {
    expect(footerLogoUrl(src, cdn)).toBe(url)
  })
})
