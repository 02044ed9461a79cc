import { miniProgramCookies, miniProgramCurrentRoute, publicRoute } from '@/platform/miniProgram'
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

  it('decodes page parameters once: the base library hands them over as written in the URL', () => {
    testControl.setRoute('/packages/store/pages/productlist/index', { cat: 'Home%20%26%20Kitchen', sort: 'priceLowToHigh', $taroTimestamp: '1' })
    expect(miniProgramCurrentRoute()).toEqual({ path: '/store/productlist', params: { cat: 'Home & Kitchen', sort: 'priceLowToHigh' } })
    testControl.setRoute('/pages/confirmation/index', { MP_paymentstatus: 'FAIL', message: 'requestPayment%3Afail%20cancel', orderID: '7' })
    expect(miniProgramCurrentRoute().params.message).toBe('requestPayment:fail cancel')
    // Decoded once only: an encoded percent stays a percent; a malformed value is kept as it is.
    testControl.setRoute('/pages/home/index', { redirect: '%2Fstore%2Fsearch%2F50%2525', bad: '100%' })
    expect(miniProgramCurrentRoute().params).toEqual({ redirect: '/store/search/50%25', bad: '100%' })
  })
})
