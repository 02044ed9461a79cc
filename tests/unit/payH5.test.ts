/**
 * @jest-environment jsdom
 *
 * H5 payment adapter: hosted redirect flows of every provider, and the WeChat browser's OAuth + in-page JSAPI
 * payment with WeixinJSBridge faked at its boundary — ok, cancel and fail all end on
 * /confirmation?from_source=weixin_js&status=ok&oid=… (spec §4).
 */
import { setTransport, type TransportRequest } from '@/api/http'
import { BRIDGE_MISSING, browserExit, pay as payInBrowser } from '@/payment/pay.h5'
import type { H5PaymentChannel } from '@/platform/types'

// By the time a shopper pays, earlier answers have brought the XSRF cookie.
jest.mock('@/platform', () => ({ platform: { apiOrigin: () => '', cookies: { read: () => 'xsrf-token', header: () => undefined, remember: () => undefined } } }))

const mockNavigations: { kind: string; url: string }[] = []
jest.mock('@tarojs/taro', () => ({
  __esModule: true,
  default: {
    navigateTo: (o: { url: string }) => mockNavigations.push({ kind: 'navigateTo', url: o.url }),
    redirectTo: (o: { url: string }) => mockNavigations.push({ kind: 'redirectTo', url: o.url })
  }
}))

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0.40'
const PAY_INFO = { appId: 'wxsandbox', timeStamp: '1700000000', nonceStr: 'n1', package: 'prepay_id=sandbox_a1', signType: 'RSA', paySign: 'SIG' }

let calls: { method: string; path: string; query: string; body: unknown }[] = []
let exits: string[] = []
let weChatEnabled: { status: number; data: unknown } = { status: 200, data: { enabled: true, authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1' } }

function userAgent(ua: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true })
}

beforeEach(() => {
  calls = []
  exits = []
  mockNavigations.length = 0
  delete (window as unknown as { WeixinJSBridge?: unknown }).WeixinJSBridge
  userAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0')
  jest.spyOn(browserExit, 'assign').mockImplementation((url) => void exits.push(url))
  setTransport(async (req: TransportRequest) => {
    const url = new URL(req.url, 'http://store.test')
    const path = url.pathname.replace('/api/istore/client', '')
    calls.push({ method: req.method, path, query: url.search, body: req.data })
    if (path === '/wechat/enabled') return { statusCode: weChatEnabled.status, header: {}, data: weChatEnabled.data }
    if (path === '/shoppingManagement4/requestNativePayH5Payment' && url.searchParams.get('wechatCode')) {
      return { statusCode: 200, header: {}, data: { orderID: '100003', prepay_id: 'sandbox_a1', weChatPayInfo: PAY_INFO } }
    }
    return { statusCode: 200, header: {}, data: { orderID: '100003', redirectUrl: 'http://store.test/api/istore/client/sandbox/pay/a1' } }
  })
})

describe('hosted redirect flows', () => {
  const cases: [H5PaymentChannel, string, string][] = [
    ['OTT', 'POST', '/shoppingManagement4/requestOTTH5Payment'],
    ['SNAPPAY_WECHATPAY', 'GET', '/shoppingManagement4/requestSnapPayPrePayment/h5pay/WECHATPAY'],
    ['SNAPPAY_ALIPAY', 'GET', '/shoppingManagement4/requestSnapPayPrePayment/webpay/ALIPAY'],
    ['SNAPPAY_UNIONPAY', 'GET', '/shoppingManagement4/requestSnapPayPrePayment/webpay/UNIONPAY'],
    ['CITCON', 'POST', '/shoppingManagement4/requestCitconH5Payment'],
    ['IOTPAY', 'POST', '/shoppingManagement4/requestIOTPayH5Payment'],
    ['OPAY', 'POST', '/shoppingManagement4/requestOPayH5Payment'],
    ['NATIVE_WECHAT_H5', 'POST', '/shoppingManagement4/requestNativePayH5Payment'],
    ['ALIPAY_H5', 'POST', '/shoppingManagement4/requestAlipayH5Payment']
  ]
  test.each(cases)('%s: %s %s with the order and our origin, then the browser leaves for the provider page', async (channel, method, path) => {
    const outcome = await payInBrowser({ orderID: '100003', channel })
    expect(outcome).toEqual({ kind: 'redirect', url: 'http://store.test/api/istore/client/sandbox/pay/a1' })
    expect(calls).toHaveLength(1)
    expect(calls[0].method).toBe(method)
    expect(calls[0].path).toBe(path)
    const sent = method === 'GET' ? Object.fromEntries(new URLSearchParams(calls[0].query)) : calls[0].body
    expect(sent).toEqual({ orderID: '100003', returnUrlInfo: window.location.origin })
    expect(exits).toEqual(['http://store.test/api/istore/client/sandbox/pay/a1'])
  })

  test('WeChat Pay Native (a desktop): the browser goes to the confirmation page carrying the code to scan', async () => {
    const returnUrl = 'http://store.test/confirmation?from_source=weixin_h5X100003'
    const codeUrl = 'weixin://wxpay/bizpayurl/up?pr=abc&groupid=00'
    setTransport(async () => ({ statusCode: 200, header: {}, data: { orderID: '100003', redirectUrl: returnUrl, qrCode: codeUrl } }))
    await payInBrowser({ orderID: '100003', channel: 'NATIVE_WECHAT_H5' })
    expect(exits).toHaveLength(1)
    const exit = new URL(exits[0])
    expect(exit.pathname).toBe('/confirmation')
    expect(exit.searchParams.get('from_source')).toBe('weixin_h5X100003')
    expect(exit.searchParams.get('wechat_qr')).toBe(codeUrl)
  })

  test('no channel chosen: an error, no call, the browser stays', async () => {
    await expect(payInBrowser({ orderID: '100003' })).rejects.toThrow('Choose a payment method')
    await expect(payInBrowser({ orderID: '100003' })).rejects.toMatchObject({ messageKey: 'checkout.error.paymentMethod' })
    expect(calls).toEqual([])
    expect(exits).toEqual([])
  })
})

describe('WeChat browser', () => {
  test('first leg: WeChat OAuth with /processpay?oid=… as the return address', async () => {
    userAgent(WECHAT_UA)
    const outcome = await payInBrowser({ orderID: '100003', channel: 'OTT' })
    expect(outcome).toEqual({ kind: 'redirect', url: 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1' })
    expect(calls[0].path).toBe('/wechat/enabled')
    expect(new URLSearchParams(calls[0].query).get('redirectUri')).toBe(`${window.location.origin}/processpay?oid=100003`)
  })

  test('WeChat sign-in not available on the server: falls back to the chosen hosted channel', async () => {
    userAgent(WECHAT_UA)
    weChatEnabled = { status: 501, data: { message: 'WeChat sign-in is not implemented', errors: ['WeChat sign-in is not implemented'] } }
    const outcome = await payInBrowser({ orderID: '100003', channel: 'OTT' })
    expect(outcome.kind).toBe('redirect')
    expect(calls.map((c) => c.path)).toEqual(['/wechat/enabled', '/shoppingManagement4/requestOTTH5Payment'])
    weChatEnabled = { status: 200, data: { enabled: true, authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1' } }
  })

  const results: [string, string][] = [
    ['get_brand_wcpay_request:ok', 'paid'],
    ['get_brand_wcpay_request:cancel', 'cancelled'],
    ['get_brand_wcpay_request:fail', 'failed']
  ]
  test.each(results)('in-page JSAPI %s → %s, and every result goes to the weixin_js confirmation', async (errMsg, kind) => {
    const invoke = jest.fn((_name: string, _params: unknown, callback: (res: { err_msg: string }) => void) => callback({ err_msg: errMsg }))
    ;(window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = { invoke }
    const outcome = await payInBrowser({ orderID: '100003', weChatCode: 'oauth-code' })
    expect(outcome.kind).toBe(kind)
    expect(calls).toHaveLength(1)
    expect(calls[0].path).toBe('/shoppingManagement4/requestNativePayH5Payment')
    expect(calls[0].query).toBe('?provider=WECHATPAY&wechatCode=oauth-code')
    expect(calls[0].body).toEqual({ orderID: '100003', returnUrlInfo: window.location.origin })
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', PAY_INFO, expect.any(Function))
    expect(mockNavigations).toEqual([{ kind: 'redirectTo', url: '/confirmation?from_source=weixin_js&status=ok&oid=100003' }])
  })

  test('a provider answering its own page in the WeChat browser (IOTPay payForSubmit): the browser goes there, no bridge', async () => {
    const invoke = jest.fn()
    ;(window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = { invoke }
    setTransport(async (req: TransportRequest) => {
      const url = new URL(req.url, 'http://store.test')
      calls.push({ method: req.method, path: url.pathname.replace('/api/istore/client', ''), query: url.search, body: req.data })
      return { statusCode: 200, header: {}, data: { orderID: '100003', redirectUrl: 'https://pay.iotpaycloud.com/wechat/jsapi?payOrderId=WN1' } }
    })
    const outcome = await payInBrowser({ orderID: '100003', weChatCode: 'oauth-code' })
    expect(outcome).toEqual({ kind: 'redirect', url: 'https://pay.iotpaycloud.com/wechat/jsapi?payOrderId=WN1' })
    expect(exits).toEqual(['https://pay.iotpaycloud.com/wechat/jsapi?payOrderId=WN1'])
    expect(calls.map((c) => c.path)).toEqual(['/shoppingManagement4/requestNativePayH5Payment'])
    expect(invoke).not.toHaveBeenCalled()
    expect(mockNavigations).toEqual([])
  })

  test('the bridge arriving late (WeixinJSBridgeReady) is waited for', async () => {
    const invoke = jest.fn((_n: string, _p: unknown, callback: (res: { err_msg: string }) => void) => callback({ err_msg: 'get_brand_wcpay_request:ok' }))
    const paying = payInBrowser({ orderID: '100003', weChatCode: 'oauth-code' })
    await new Promise((r) => setTimeout(r, 0))
    ;(window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = { invoke }
    document.dispatchEvent(new Event('WeixinJSBridgeReady'))
    await expect(paying).resolves.toEqual({ kind: 'paid', orderID: '100003' })
  })

  test('no bridge at all (not really WeChat): a clear error and no confirmation redirect', async () => {
    jest.useFakeTimers()
    const paying = payInBrowser({ orderID: '100003', weChatCode: 'oauth-code' })
    const settled = expect(paying).rejects.toThrow(BRIDGE_MISSING)
    await Promise.resolve()
    await jest.advanceTimersByTimeAsync(6000)
    await settled
    expect(mockNavigations).toEqual([])
    jest.useRealTimers()
  })
})
