/**
 * Alipay mini-program payment adapter, with my.tradePay (Taro.tradePay) faked at its boundary and the server faked
 * at the http transport: the trade, the sheet's resultCode sent to the status check, and the Alipay confirmation page.
 */
import { setTransport, type TransportRequest } from '@/api/http'
import { pay as payAlipayMiniProgram } from '@/payment/pay.alipay'
import { topUp as topUpAlipayMiniProgram } from '@/payment/topUp.alipay'

// By the time a shopper pays, earlier answers have brought the XSRF cookie.
jest.mock('@/platform', () => ({ platform: { apiOrigin: () => '', cookies: { read: () => 'xsrf-token', header: () => undefined, remember: () => undefined } } }))

const mockNavigations: { kind: string; url: string }[] = []
const mockTradePay = jest.fn()
jest.mock('@tarojs/taro', () => ({
  __esModule: true,
  default: {
    tradePay: (opts: unknown) => mockTradePay(opts),
    navigateTo: (o: { url: string }) => mockNavigations.push({ kind: 'navigateTo', url: o.url }),
    redirectTo: (o: { url: string }) => mockNavigations.push({ kind: 'redirectTo', url: o.url }),
    reLaunch: (o: { url: string }) => mockNavigations.push({ kind: 'reLaunch', url: o.url }),
    getCurrentPages: () => [{}],
    getStorageSync: () => '',
    setStorageSync: () => undefined
  }
}))

let calls: { path: string; body: unknown }[] = []
const CONFIRMATION = { kind: 'redirectTo', url: '/pages/confirmationa/index?type=alipay_h5&order_id=100002' }

/** The server answers the status check the way the sandbox does for the reported resultCode. */
function server() {
  calls = []
  setTransport(async (req: TransportRequest) => {
    const path = req.url.replace('/api/istore/client', '')
    calls.push({ path, body: req.data })
    if (path.endsWith('requestAlipayMiniProgramPayment')) return { statusCode: 200, header: {}, data: { orderID: '100002', tradeNO: 'SANDBOXt1' } }
    const code = (req.data as { resultCode?: string }).resultCode
    const state = code === '9000' ? ['NEW', 'PAID_ONLINE'] : code === '8000' ? ['INTERIM', 'NOT_PAID'] : ['FAILED', 'FAILED']
    return { statusCode: 200, header: {}, data: { orderID: '100002', status: state[0], paymentStatus: state[1], qrCodeScan: false } }
  })
}

beforeEach(() => {
  mockNavigations.length = 0
  mockTradePay.mockReset()
  server()
})

test('success (9000): tradePay with the trade number, resultCode checked, Alipay confirmation page', async () => {
  mockTradePay.mockResolvedValue({ resultCode: '9000' })
  await expect(payAlipayMiniProgram({ orderID: '100002' })).resolves.toEqual({ kind: 'paid', orderID: '100002' })
  expect(mockTradePay).toHaveBeenCalledWith({ tradeNO: 'SANDBOXt1' })
  expect(calls).toEqual([
    { path: '/shoppingManagement4/requestAlipayMiniProgramPayment', body: { orderID: '100002' } },
    { path: '/shoppingManagement4/checkAlipayPaymentStatus', body: { orderID: '100002', returnUrlInfo: '', resultCode: '9000' } }
  ])
  expect(mockNavigations).toEqual([CONFIRMATION])
})

test('the buyer\'s silent my.getAuthCode code goes with the trade request', async () => {
  const g = globalThis as { my?: unknown }
  g.my = { getAuthCode: (o: { scopes: string; success: (r: { authCode: string }) => void }) => o.success({ authCode: `code-for-${o.scopes}` }) }
  try {
    mockTradePay.mockResolvedValue({ resultCode: '9000' })
    await payAlipayMiniProgram({ orderID: '100002' })
    expect(calls[0]).toEqual({ path: '/shoppingManagement4/requestAlipayMiniProgramPayment', body: { orderID: '100002', authCode: 'code-for-auth_base' } })
  } finally {
    delete g.my
  }
})

test('cancel (6001): reported, cancelled, same confirmation page (which shows the failure)', async () => {
  mockTradePay.mockResolvedValue({ resultCode: '6001' })
  await expect(payAlipayMiniProgram({ orderID: '100002' })).resolves.toEqual({ kind: 'cancelled', orderID: '100002' })
  expect((calls[1].body as { resultCode: string }).resultCode).toBe('6001')
  expect(mockNavigations).toEqual([CONFIRMATION])
})

test('failure: a rejected tradePay still reports its code and ends on the confirmation page', async () => {
  mockTradePay.mockRejectedValue({ error: 4000, errorMessage: 'fail' })
  await expect(payAlipayMiniProgram({ orderID: '100002' })).resolves.toEqual({ kind: 'failed', orderID: '100002', message: 'Alipay 4000' })
  expect((calls[1].body as { resultCode: string }).resultCode).toBe('4000')
  expect(mockNavigations).toEqual([CONFIRMATION])
})

test('Taro typing: resultCode nested under response is read too', async () => {
  mockTradePay.mockResolvedValue({ response: { resultCode: 9000 } })
  await expect(payAlipayMiniProgram({ orderID: '100002' })).resolves.toEqual({ kind: 'paid', orderID: '100002' })
})

describe('store-credit top-up', () => {
  function depositServer() {
    calls = []
    setTransport(async (req: TransportRequest) => {
      const path = req.url.replace('/api/istore/client', '')
      calls.push({ path, body: req.data })
      const base = { depositID: 'd2', amount: 2000, currency: 'CAD' }
      if (path.endsWith('applyStoreCreditDeposit')) return { statusCode: 200, header: {}, data: { ...base, status: 'PENDING', balance: 0, tradeNO: 'SANDBOXd2' } }
      const report = (req.data as { clientReport?: string }).clientReport
      const status = report === 'PAID' ? 'PAID' : report === 'FAILED' ? 'FAILED' : 'PENDING'
      return { statusCode: 200, header: {}, data: { ...base, status, balance: status === 'PAID' ? 2000 : 0 } }
    })
  }

  test.each([
    ['9000', { depositID: 'd2', clientReport: 'PAID' }, 'PAID'],
    ['8000', { depositID: 'd2' }, 'PENDING'],
    ['6001', { depositID: 'd2', clientReport: 'FAILED', errorMessage: 'Alipay 6001' }, 'FAILED']
  ])('resultCode %s: reported as %p, the top-up is %s, no page changes', async (resultCode, report, status) => {
    depositServer()
    mockTradePay.mockResolvedValue({ resultCode })
    const outcome = await topUpAlipayMiniProgram({ amount: 2000 })
    expect(mockTradePay).toHaveBeenCalledWith({ tradeNO: 'SANDBOXd2' })
    expect(calls.map((c) => c.body)).toEqual([{ amount: 2000, channel: 'ALIPAY_MINI_PROGRAM' }, report])
    expect(outcome.kind === 'settled' && outcome.deposit.status).toBe(status)
    expect(mockNavigations).toEqual([])
  })
})
