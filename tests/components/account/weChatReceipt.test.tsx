/**
 * Confirm receipt on the WeChat mini-program's order page (issue 40; components/account/WeChatReceipt): shown once
 * WeChat took the shipping upload of an order handed over; the tap opens WeChat's component through the platform and
 * shows the receipt confirmed only when the server, having asked WeChat, says so; nothing is asked on H5.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import { OrderDetail } from '@/components/account/OrderDetail'
import { platform } from '@/platform'
import { mockHttp } from '../../support/mockHttp'
import { order, resetStores, settle, signedIn } from './accountTestKit'

const READY = { ...order('100012'), status: 'READY_FOR_PICKUP' as const, paymentStatus: 'PAID_ONLINE' as const }
const RECEIPT = { merchantId: '1900000109', merchantTradeNo: 'wxA1b2C3d4E5f6G7h8I9j0K1', shipped: true, confirmedAt: null }
const inWeChat = () => {
  const env = platform.environment()
  jest.spyOn(platform, 'environment').mockReturnValue({ ...env, kind: 'weapp', miniProgram: true, weChatMiniProgram: true })
}

afterEach(() => jest.restoreAllMocks())

describe('confirm receipt (WeChat mini-program)', () => {
  it('opens WeChat\'s component for the payment, and says confirmed once the server checked with WeChat', async () => {
    resetStores(signedIn(), 'en', '/user/orders/100012')
    inWeChat()
    const confirm = jest.spyOn(platform, 'confirmReceipt').mockResolvedValue('success')
    const http = mockHttp({
      'GET /admin/orderManagement/order/100012': READY,
      'GET /admin/orderManagement/order/100012/weChatReceipt': RECEIPT,
      'POST /admin/orderManagement/order/100012/weChatReceipt/check': { ...RECEIPT, confirmedAt: '2026-12-02T10:00:00.000Z' }
    })
    render(<OrderDetail orderID="100012" />)
    await settle()
    fireEvent.click(screen.getByText('Confirm receipt'))
    await settle()
    expect(confirm).toHaveBeenCalledWith({ merchantId: '1900000109', merchantTradeNo: 'wxA1b2C3d4E5f6G7h8I9j0K1' })
    expect(http.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/weChatReceipt/check'))).toHaveLength(1)
    expect(screen.getByText(/^Receipt confirmed/)).toBeInTheDocument()
    expect(screen.queryByText('Confirm receipt')).toBeNull()
  })

  it('a success WeChat does not confirm yet keeps the action, and says so; a cancel asks the server nothing', async () => {
    resetStores(signedIn(), 'en', '/user/orders/100012')
    inWeChat()
    const confirm = jest.spyOn(platform, 'confirmReceipt').mockResolvedValueOnce('success').mockResolvedValueOnce('cancel')
    const http = mockHttp({
      'GET /admin/orderManagement/order/100012': READY,
      'GET /admin/orderManagement/order/100012/weChatReceipt': RECEIPT,
      'POST /admin/orderManagement/order/100012/weChatReceipt/check': RECEIPT
    })
    render(<OrderDetail orderID="100012" />)
    await settle()
    fireEvent.click(screen.getByText('Confirm receipt'))
    await settle()
    expect(screen.getByText('WeChat has not recorded your confirmation yet. Try again in a moment.')).toBeInTheDocument()
    fireEvent.click(screen.getByText('Confirm receipt'))
    await settle()
    expect(confirm).toHaveBeenCalledTimes(2)
    expect(http.calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  })

  it('on H5 nothing is asked or shown', async () => {
    resetStores(signedIn(), 'en', '/user/orders/100012')
    const http = mockHttp({ 'GET /admin/orderManagement/order/100012': READY })
    render(<OrderDetail orderID="100012" />)
    await settle()
    expect(screen.queryByText('Confirm receipt')).toBeNull()
    expect(http.calls.some((c) => c.path.includes('weChatReceipt'))).toBe(false)
  })
})
