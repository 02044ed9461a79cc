import { ApiError, http, setTransport } from '@/api/http'
import { appInfoFixture } from '../../support/fixtures/appInfo'
import { cartOf, line } from '../../support/fixtures/catalog'
import { mockHttp, fail, MOCK_XSRF_TOKEN } from '../../support/mockHttp'

const clearXsrfCookie = () => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
}

// Each test starts cold: no answer has brought the XSRF cookie yet.
beforeEach(clearXsrfCookie)
afterEach(() => {
  setTransport(null)
  clearXsrfCookie()
})

describe('the http client (spec §7: credentials, XSRF-TOKEN → X-XSRF-TOKEN)', () => {
  it('calls under /api/istore/client with the query and echoes the XSRF cookie in the header', async () => {
    document.cookie = 'XSRF-TOKEN=secret123; path=/'
    const net = mockHttp({ 'POST /shoppingManagement4/myCart': cartOf(line()) })
    await http.post('/shoppingManagement4/myCart', { productId: 'p1', quantity: 1 }, { a: 'x y', skip: undefined })
    expect(net.calls).toHaveLength(1)
    expect(net.calls[0].path).toBe('/shoppingManagement4/myCart')
    expect(net.calls[0].query).toEqual({ a: 'x y' })
    expect(net.calls[0].header['X-XSRF-TOKEN']).toBe('secret123')
    expect(net.calls[0].body).toEqual({ productId: 'p1', quantity: 1 })
  })

  it('sends no XSRF header when there is no cookie yet', async () => {
    const net = mockHttp({ 'GET /common3/appInfoInit': appInfoFixture() })
    await http.get('/common3/appInfoInit')
    expect(net.calls[0].header['X-XSRF-TOKEN']).toBeUndefined()
  })

  it('a first POST waits for the answer on its way, which brings the XSRF cookie, and sends the token', async () => {
    const net = mockHttp({ 'GET /common3/appInfoInit': appInfoFixture(), 'POST /common3/deliveryLocations': { locations: [] } })
    const appInfo = http.get('/common3/appInfoInit')
    await http.post('/common3/deliveryLocations', {})
    await appInfo
    expect(net.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /common3/appInfoInit', 'POST /common3/deliveryLocations'])
    expect(net.calls[1].header['X-XSRF-TOKEN']).toBe(MOCK_XSRF_TOKEN)
  })

  it('a first POST with nothing on its way obtains the XSRF cookie with a GET first', async () => {
    const net = mockHttp({ 'GET /health': { ok: true }, 'POST /wechat/weChatlivestreaminfo': { room_info: [], total: 0 } })
    await http.post('/wechat/weChatlivestreaminfo', { start: 0, limit: 100 })
    expect(net.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /health', 'POST /wechat/weChatlivestreaminfo'])
    expect(net.calls[0].header['X-XSRF-TOKEN']).toBeUndefined()
    expect(net.calls[1].header['X-XSRF-TOKEN']).toBe(MOCK_XSRF_TOKEN)
  })

  it('turns an error response into ApiError carrying the first server message', async () => {
    mockHttp({ 'PUT /shoppingManagement4/myCart': fail(409, 'Only 2 left in stock') })
    const err = (await http.put('/shoppingManagement4/myCart', { itemKey: 'k', quantity: 5 }).catch((e: unknown) => e)) as ApiError
    expect(err).toBeInstanceOf(ApiError)
    expect(err.status).toBe(409)
    expect(err.message).toBe('Only 2 left in stock')
  })

  it('reports a network failure as status 0 with a readable message', async () => {
    setTransport(() => Promise.reject(new Error('socket hang up')))
    const err = (await http.get('/common3/appInfoInit').catch((e: unknown) => e)) as ApiError
    expect(err).toBeInstanceOf(ApiError)
    expect(err.status).toBe(0)
    expect(err.message).toMatch(/Network error/)
  })
})
