import { footerLogoUrl, imageUrl, isAbsoluteImageUrl, withOrigin } from '@shared/imageUrl'

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

describe('mini-programs: an image URL without a scheme goes behind the API origin (a device cannot load a relative one)', () => {
  it.each([
    ['logo.svg', '/api/istore/client/common3/image/', 'https://shop.example.com', 'https://shop.example.com/api/istore/client/common3/image/logo.svg'],
    ['/api/istore/client/common3/image/logo.svg', '/api/istore/client/common3/image', 'https://shop.example.com/', 'https://shop.example.com/api/istore/client/common3/image/logo.svg'],
    ['img/a.png', undefined, 'https://shop.example.com', 'https://shop.example.com/img/a.png'],
    ['https://x.com/a.png', '/api/img', 'https://shop.example.com', 'https://x.com/a.png'],
    ['logo.svg', 'https://cdn.example.com', 'https://shop.example.com', 'https://cdn.example.com/logo.svg'],
    ['logo.svg', '/api/img', '', '/api/img/logo.svg'],
    ['', '/api/img', 'https://shop.example.com', '']
  ])('%p with CDN %p and origin %p → %p', (src, cdn, origin, url) => {
    expect(imageUrl(src, cdn, origin)).toBe(url)
  })

  it('the footer logo follows the same rule', () => {
    expect(footerLogoUrl('logo-footer.svg', '/api/img/', 'https://shop.example.com')).toBe('https://shop.example.com/api/img/logo-footer.svg')
  })

  it.each([
    ['/a.svg', 'https://o.test', 'https://o.test/a.svg'],
    ['//cdn.test/a.svg', 'https://o.test', '//cdn.test/a.svg'],
    ['data:image/png;base64,AAAA', 'https://o.test', 'data:image/png;base64,AAAA'],
    ['wxfile://tmp/a.png', 'https://o.test', 'wxfile://tmp/a.png'],
    ['/a.svg', '', '/a.svg']
  ])('withOrigin(%p, %p) → %p', (url, origin, result) => {
    expect(withOrigin(url, origin)).toBe(result)
  })
})
