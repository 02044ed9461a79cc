import { applySetCookie, cookieHeader, readDocumentCookie, splitSetCookie } from '@/platform/cookieJar'

describe('mini-program cookie keeping ("keeps the session cookie itself on mini-programs")', () => {
  it('splits a folded Set-Cookie header without breaking Expires dates', () => {
    const header = 'ISTORE_SESSION=abc; Path=/; HttpOnly, XSRF-TOKEN=t1; Expires=Wed, 21 Oct 2099 07:28:00 GMT; Path=/'
    expect(splitSetCookie(header)).toEqual([
      'ISTORE_SESSION=abc; Path=/; HttpOnly',
      'XSRF-TOKEN=t1; Expires=Wed, 21 Oct 2099 07:28:00 GMT; Path=/'
    ])
    expect(splitSetCookie(['a=1', 'b=2'])).toEqual(['a=1', 'b=2'])
    expect(splitSetCookie(undefined)).toEqual([])
  })

  it.each([
    ['adds new cookies', {}, ['a=1; Path=/'], { a: '1' }],
    ['replaces a changed value', { a: '1' }, ['a=2'], { a: '2' }],
    ['drops a cookie cleared with Max-Age=0', { a: '1', b: '2' }, ['a=; Max-Age=0'], { b: '2' }],
    ['drops a cookie that expired', { a: '1' }, ['a=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT'], {}],
    ['ignores a malformed cookie', { a: '1' }, ['=oops'], { a: '1' }]
  ])('%s', (_, jar, setCookies, expected) => {
    expect(applySetCookie(jar as Record<string, string>, setCookies as string[])).toEqual(expected)
  })

  it('sends the cookies back as one header', () => {
    expect(cookieHeader({ ISTORE_SESSION: 'abc', 'XSRF-TOKEN': 't1' })).toBe('ISTORE_SESSION=abc; XSRF-TOKEN=t1')
    expect(cookieHeader({})).toBe('')
  })

  it('reads "the cookie XSRF-TOKEN" from document.cookie', () => {
    expect(readDocumentCookie('a=1; XSRF-TOKEN=tok%3D; b=2', 'XSRF-TOKEN')).toBe('tok=')
    expect(readDocumentCookie('a=1', 'XSRF-TOKEN')).toBeUndefined()
  })
})
