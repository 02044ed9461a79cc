import { miniProgramCookies, publicRoute } from '@/platform/miniProgram'
import { testControl } from '../../support/taroMock'

describe('mini-program platform pieces', () => {
  it('keeps session and XSRF cookies from Set-Cookie in storage and sends them back', () => {
    const jar = miniProgramCookies()
    expect(jar.header()).toBeUndefined()
    jar.remember('ISTORE_SESSION=s1; Path=/; HttpOnly, XSRF-TOKEN=x1; Path=/')
    expect(jar.read('XSRF-TOKEN')).toBe('x1')
    expect(jar.header()).toBe('ISTORE_SESSION=s1; XSRF-TOKEN=x1')
    // A new client (app restart) finds them in storage.
    expect(testControl.storage.get('istore.cookies')).toEqual({ ISTORE_SESSION: 's1', 'XSRF-TOKEN': 'x1' })
    expect(miniProgramCookies().header()).toBe('ISTORE_SESSION=s1; XSRF-TOKEN=x1')
  })

  it.each([
    ['/packages/store/pages/product/index', { id: '12' }, '/store/product/12'],
    ['/packages/store/pages/productlist/index', { cat: 'shoes' }, '/store/productlist'],
    ['/packages/store/pages/productlist/index', { tag: 'summer' }, '/store/tag/summer'],
    ['/pages/confirmationa/index', { type: 'alipay_h5', order_id: '9' }, '/confirmationa/alipay_h5/9'],
    ['/pages/home/index', {}, '/']
  ])('maps page %s %j back to the public path %s', (page, params, path) => {
    expect(publicRoute(page, params).path).toBe(path)
  })
})
