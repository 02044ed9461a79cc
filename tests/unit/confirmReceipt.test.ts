/**
 * WeChat's confirm-receipt component through the platform adapter (issue 40; src/platform/confirmReceipt.weapp.ts), with
 * wx.openBusinessView and the app's onShow faked at their boundary, as WeChat's page describes them
 * (order-shipping-half.html): the component is opened with businessType 'weappOrderConfirm' and the payment's
 * merchant_id + merchant_trade_no; its answer comes back in the next onShow's referrerInfo (appId wx1183b055aeec94d1).
 * The message's payment number is read from the page's query.
 */
import { CONFIRM_RECEIPT_APP_ID, confirmReceipt, paymentOfMessage } from '@/platform/confirmReceipt.weapp'

type Listener = (o: unknown) => void
const mockShowListeners = new Set<Listener>()
const mockOpen = jest.fn()
const mockTaro: Record<string, unknown> = {
  onAppShow: (l: Listener) => void mockShowListeners.add(l),
  offAppShow: (l: Listener) => void mockShowListeners.delete(l),
  openBusinessView: (o: unknown) => mockOpen(o)
}
jest.mock('@tarojs/taro', () => ({ __esModule: true, get default() { return mockTaro } }))

const show = (options: unknown) => [...mockShowListeners].forEach((l) => l(options))
const PAYMENT = { merchantId: '1900000109', merchantTradeNo: 'wxA1b2C3d4E5f6G7h8I9j0K1' }

beforeEach(() => {
  mockOpen.mockReset()
  mockShowListeners.clear()
  mockTaro.openBusinessView = (o: unknown) => mockOpen(o)
})

describe('confirmReceipt (WeChat)', () => {
  it('opens the component for the payment and answers its status when WeChat comes back', async () => {
    const outcome = confirmReceipt(PAYMENT)
    expect(mockOpen).toHaveBeenCalledTimes(1)
    expect(mockOpen.mock.calls[0][0]).toMatchObject({
      businessType: 'weappOrderConfirm',
      extraData: { merchant_id: '1900000109', merchant_trade_no: 'wxA1b2C3d4E5f6G7h8I9j0K1' }
    })
    show({ path: 'packages/user/pages/order/index', referrerInfo: { appId: CONFIRM_RECEIPT_APP_ID, extraData: { status: 'success', req_extradata: {} } } })
    await expect(outcome).resolves.toBe('success')
    expect(mockShowListeners.size).toBe(0)
  })

  it.each([
    ['fail', { appId: CONFIRM_RECEIPT_APP_ID, extraData: { status: 'fail', errormsg: '获取订单失败' } }, 'fail'],
    ['cancel', { appId: CONFIRM_RECEIPT_APP_ID, extraData: { status: 'cancel' } }, 'cancel'],
    ['back another way (no component referrer)', undefined, 'cancel'],
    ['another mini-program came back', { appId: 'wx0000000000000000', extraData: { status: 'success' } }, 'cancel']
  ])('%s', async (_name, referrerInfo, want) => {
    const outcome = confirmReceipt(PAYMENT)
    show({ referrerInfo })
    await expect(outcome).resolves.toBe(want)
  })

  it('the component failing to open is a fail; only the first show answers', async () => {
    mockOpen.mockImplementation((o: { fail: () => void }) => o.fail())
    await expect(confirmReceipt(PAYMENT)).resolves.toBe('fail')
    expect(mockShowListeners.size).toBe(0)
  })

  it('a WeChat without the component (base library before 2.6.0) is unavailable: nothing opened', async () => {
    delete mockTaro.openBusinessView
    await expect(confirmReceipt(PAYMENT)).resolves.toBe('unavailable')
    expect(mockShowListeners.size).toBe(0)
  })
})

describe('paymentOfMessage', () => {
  it.each<[string, Record<string, string>, string | null]>([
    ['the query WeChat appends', { transaction_id: '4200001234', merchant_id: '1900000109', merchant_trade_no: 'wxA1b2C3d4' }, 'wxA1b2C3d4'],
    ['an order page opened by its id', { id: '100008' }, null],
    ['blank', { merchant_trade_no: '  ' }, null]
  ])('%s', (_name, params, want) => expect(paymentOfMessage(params)).toBe(want))
})
