/**
 * WeChat mini-program payment adapter, with wx (Taro.login / Taro.mockRequestPayment) faked at its boundary and the
 * server faked at the http transport: success, cancel and failure each end on the right page after the right calls.
 */
import { setTransport, type TransportRequest } from '@/api/http'
import { pay as payWeChatMiniProgram } from '@/payment/pay.weapp'
import { topUp as topUpWeChatMiniProgram } from '@/payment/topUp.weapp'

// By the time a shopper pays, earlier answers have brought the XSRF cookie.
jest.mock('@/platform', () => ({ platform: { apiOrigin: () => '', cookies: { read: () => 'xsrf-token', header: () => undefined, remember: () => undefined } } }))

const mockNavigations: { kind: string; url: string }[] = []
const mockRequestPayment = jest.fn()
jest.mock('@tarojs/taro', () => ({
  __esModule: true,
  default: {
    login: () => Promise.resolve({ code: 'wx-login-code' }),
    requestPayment: (opts: unknown) => mockRequestPayment(opts),
    navigateTo: (o: { url: string }) => mockNavigations.push({ kind: 'navigateTo', url: o.url }),
    redirectTo: (o: { url: string }) => mockNavigations.push({ kind: 'redirectTo', url: o.url }),
    reLaunch: (o: { url: string }) => mockNavigations.push({ kind: 'reLaunch', url: o.url }),
    getCurrentPages: () => [{}],
    getStorageSync: () => '',
    setStorageSync: () => undefined
  }
}))

const PAY_INFO = { appId: 'wxsandbox', timeStamp: '1700000000', nonceStr: 'n1', package: 'prepay_id=sandbox_a1', signType: 'RSA', paySign: 'SIG' }
let calls: { method: string; path: string; body: unknown }[] = []

function server(status: { status: string; paymentStatus: string }) {
  calls = []
  setTransport(async (req: TransportRequest) => {
    const path = req.url.replace('/api/istore/client', '')
    calls.push({ method: req.method, path, body: req.data })
    if (path === '/shoppingManagement4/requestWeChatMiniProgramPayment') {
      return { statusCode: 200, header: {}, data: { orderID: '100001', prepay_id: 'sandbox_a1', weChatPayInfo: PAY_INFO, weChatOpenId: 'openid-1' } }
    }
    return { statusCode: 200, header: {}, data: { orderID: '100001', qrCodeScan: false, ...status } }
  })
}

beforeEach(() => {
  mockNavigations.length = 0
  mockRequestPayment.mockReset()
})

test('success: requestPayment with the signed parameters, /success reported, confirmation with MP_paymentstatus=OK', async () => {
  server({ status: 'NEW', paymentStatus: 'PAID_ONLINE' })
  mockRequestPayment.mockResolvedValue({ errMsg: 'requestPayment:ok' })
  await expect(payWeChatMiniProgram({ orderID: '100001' })).resolves.toEqual({ kind: 'paid', orderID: '100001' })
  const { appId: _appId, ...sheet } = PAY_INFO
  expect(mockRequestPayment).toHaveBeenCalledWith(sheet)
  expect(calls.map((c) => c.path)).toEqual([
    '/shoppingManagement4/requestWeChatMiniProgramPayment',
    '/shoppingManagement4/processWeChatMiniProgramPayment/success'
  ])
  expect(calls[0].body).toEqual({ orderID: '100001', wechatCode: 'wx-login-code' })
  expect(calls[1].body).toEqual({ orderID: '100001', weChatOpenId: 'openid-1', returnUrlInfo: '' })
  expect(mockNavigations).toEqual([
    { kind: 'redirectTo', url: '/pages/confirmation/index?MP_paymentstatus=OK&orderID=100001&wmpoid=openid-1' }
  ])
})

test('cancel: /error reported with the sheet message, confirmation with MP_paymentstatus=FAIL and the message', async () => {
  server({ status: 'FAILED', paymentStatus: 'FAILED' })
  mockRequestPayment.mockRejectedValue({ errMsg: 'requestPayment:fail cancel' })
  await expect(payWeChatMiniProgram({ orderID: '100001' })).resolves.toEqual({ kind: 'cancelled', orderID: '100001' })
  expect(calls.map((c) => c.path)).toEqual([
    '/shoppingManagement4/requestWeChatMiniProgramPayment',
    '/shoppingManagement4/processWeChatMiniProgramPayment/error'
  ])
  expect(calls[1].body).toEqual({ orderID: '100001', errorMessage: 'requestPayment:fail cancel', returnUrlInfo: '' })
  expect(mockNavigations).toEqual([
    {
      kind: 'redirectTo',
      url: '/pages/confirmation/index?MP_paymentstatus=FAIL&message=requestPayment%3Afail%20cancel&orderID=100001&wmpoid=openid-1'
    }
  ])
})

test('failure: the sheet error is reported and the shopper lands on the failure view', async () => {
  server({ status: 'FAILED', paymentStatus: 'FAILED' })
  mockRequestPayment.mockRejectedValue({ errMsg: 'requestPayment:fail insufficient balance' })
  await expect(payWeChatMiniProgram({ orderID: '100001' })).resolves.toEqual({
    kind: 'failed',
    orderID: '100001',
    message: 'requestPayment:fail insufficient balance'
  })
  expect(calls[1].path).toBe('/shoppingManagement4/processWeChatMiniProgramPayment/error')
  expect(mockNavigations[0].url).toContain('MP_paymentstatus=FAIL')
})

test('a refused payment request (order already paid) opens no sheet and goes nowhere', async () => {
  calls = []
  setTransport(async () => ({ statusCode: 409, header: {}, data: { message: 'This order is already paid', errors: ['This order is already paid'] } }))
  await expect(payWeChatMiniProgram({ orderID: '100001' })).rejects.toThrow('This order is already paid')
  expect(mockRequestPayment).not.toHaveBeenCalled()
  expect(mockNavigations).toEqual([])
})

describe('store-credit top-up', () => {
  /** The server as the sandbox answers: the prepay, then the state the sheet's report leads to. */
  function depositServer() {
    calls = []
    setTransport(async (req: TransportRequest) => {
      const path = req.url.replace('/api/istore/client', '')
      calls.push({ method: req.method, path, body: req.data })
      const base = { depositID: 'd1', amount: 5000, currency: 'CAD' }
      if (path === '/shoppingManagement4/applyStoreCreditDeposit') return { statusCode: 200, header: {}, data: { ...base, status: 'PENDING', balance: 0, weChatPayInfo: PAY_INFO } }
      const paid = (req.data as { clientReport?: string }).clientReport === 'PAID'
      return { statusCode: 200, header: {}, data: { ...base, status: paid ? 'PAID' : 'FAILED', balance: paid ? 5000 : 0 } }
    })
  }

  test('paid: wx.login code to the server, the sheet, PAID reported; the new balance comes back and no page changes', async () => {
    depositServer()
    mockRequestPayment.mockResolvedValue({ errMsg: 'requestPayment:ok' })
    const outcome = await topUpWeChatMiniProgram({ amount: 5000 })
    expect(outcome).toEqual({ kind: 'settled', deposit: { depositID: 'd1', amount: 5000, currency: 'CAD', status: 'PAID', balance: 5000 } })
    const { appId: _appId, ...sheet } = PAY_INFO
    expect(mockRequestPayment).toHaveBeenCalledWith(sheet)
    expect(calls.map((c) => c.body)).toEqual([
      { amount: 5000, channel: 'WECHAT_MINI_PROGRAM', wechatCode: 'wx-login-code' },
      { depositID: 'd1', clientReport: 'PAID' }
    ])
    expect(mockNavigations).toEqual([])
  })

  test('cancelled: the sheet error is reported as FAILED with its message', async () => {
    depositServer()
    mockRequestPayment.mockRejectedValue({ errMsg: 'requestPayment:fail cancel' })
    const outcome = await topUpWeChatMiniProgram({ amount: 5000 })
    expect(outcome.kind === 'settled' && outcome.deposit.status).toBe('FAILED')
    expect(calls[1].body).toEqual({ depositID: 'd1', clientReport: 'FAILED', errorMessage: 'requestPayment:fail cancel' })
  })
})
