/**
 * The confirmation pages with the server mocked at http.ts: every from_source, the mini-program return,
 * /confirmation/{id}, /confirmationa/alipay_h5, polling every 2 s while Pending (and stopping on leave),
 * the spec's error texts, guest vs signed in, en and zh; and /processpay.
 */
import { act, fireEvent, render, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { Language } from '@/i18n'
import ConfirmationPage from '@/pages/confirmation/index'
import AlternateConfirmationPage from '@/pages/confirmationa/index'
import ProcessPayPage from '@/pages/processpay/index'
import { appInfoFixture, loggedInFixture } from '../../support/fixtures/appInfo'
import { fail, mockHttp as mockRoutes, type MockHttp } from '../../support/mockHttp'
import { useCart } from '@/stores/cart'
import { navigations, testControl } from '../../support/taroMock'
import { DRAFT_KEY } from '@/hooks/useCheckout'
import { LANGS, resetStores, setUrl, setUserAgent, DESKTOP_UA } from '../shell/shellTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    pending: 'Submit Payment...',
    success: 'Thank you for your order!',
    receipt: 'A receipt has been emailed to you.',
    order: 'Order number: 100001',
    store: 'Store: Maple Market',
    failed: 'Payment Failed',
    backToCart: 'Back to Cart',
    detail: 'Check Order Detail',
    account: 'My Account',
    register: 'Register',
    shopping: 'Continue Shopping',
    inProcess: 'Your payment is being processed',
    processing: 'We are processing your payment request, please hold on stay in this page.'
  },
  zh: {
    pending: '正在提交支付...',
    success: '感谢您的订购！',
    receipt: '收据已发送到您的电子邮箱。',
    order: '订单号：100001',
    store: '商店：Maple Market',
    failed: '支付失败',
    backToCart: '返回购物车',
    detail: '查看订单详情',
    account: '我的账户',
    register: '注册',
    shopping: '继续购物',
    inProcess: '您的付款正在处理中',
    processing: '我们正在处理您的支付请求，请稍候并停留在此页面。'
  }
}

const status = (s: string, p: string, extra: Record<string, unknown> = {}) => ({ orderID: '100001', status: s, paymentStatus: p, qrCodeScan: false, ...extra })
const PAID = status('NEW', 'PAID_ONLINE')
const PENDING = status('INTERIM', 'NOT_PAID')
const FAILED = status('FAILED', 'FAILED')

const EMPTY_CART = { itemCount: 0, lineItems: {}, currency: 'CAD', subtotal: 0, discount: 0, tip: 0, storeCredit: 0, tax: 0, shipping: 0, total: 0, coupon: null, orderMethod: null }

/** The server for these pages: the given routes plus the cart, which the success view reloads. */
function mockHttp(routes: Record<string, unknown>): MockHttp {
  return mockRoutes({ 'GET /shoppingManagement4/myCart': EMPTY_CART, ...routes })
}

/** The calls of the payment flow (the cart reload is checked on its own). */
const paymentCalls = (http: MockHttp) => http.calls.filter((c) => c.path !== '/shoppingManagement4/myCart')

/** Lets pending promises (the mocked server's answers) settle. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  })
}

/** Queries inside the confirmation panel (the shell around it has its own "My Account" etc.). */
function panel() {
  const element = document.querySelector('.confirmation')
  if (!element) throw new Error('no confirmation panel rendered')
  return within(element as HTMLElement)
}

function renderAt(url: string, page: () => JSX.Element = ConfirmationPage) {
  setUrl(url)
  const Page = page
  return render(<Page />)
}

beforeEach(() => {
  setUserAgent(DESKTOP_UA)
  jest.useRealTimers()
  ;(Taro.pageScrollTo as jest.Mock).mockClear()
})

describe.each(LANGS)('confirmation (%s)', (lang) => {
  const text = TEXT[lang]

  const providers: [string, string][] = [
    ['ott_h5', 'checkOttPaymentStatus'],
    ['snappay_h5', 'checkSnapPayPaymentStatus'],
    ['citcon_classic_h5', 'checkCitconPaymentStatus'],
    ['iot_h5', 'checkIOTPayPaymentStatus'],
    ['opay_h5', 'checkOPayPaymentStatus'],
    ['weixin_h5', 'checkNativePayPaymentStatus']
  ]
  test.each(providers)('from_source=%sX100001 asks %s and shows success to a guest', async (source, check) => {
    resetStores(appInfoFixture(), lang)
    const http = mockHttp({ [`POST /shoppingManagement4/${check}`]: PAID })
    renderAt(`/confirmation?from_source=${source}X100001`)
    await settle()
    expect(paymentCalls(http).map((c) => c.path)).toEqual([`/shoppingManagement4/${check}`])
    expect(paymentCalls(http)[0].body).toEqual({ orderID: '100001', returnUrlInfo: '' })
    expect(panel().getByText(text.success)).toBeInTheDocument()
    expect(panel().getByText(text.receipt)).toBeInTheDocument()
    expect(panel().getByText(text.order)).toBeInTheDocument()
    expect(panel().getByText(text.store)).toBeInTheDocument()
    expect(panel().getByText(text.register)).toBeInTheDocument()
    expect(panel().getByText(text.shopping)).toBeInTheDocument()
    expect(panel().queryByText(text.detail)).toBeNull()
    expect(panel().queryByText(text.account)).toBeNull()
  })

  test('a paid order reloads the cart the server emptied (badge and cart pages follow)', async () => {
    resetStores(appInfoFixture(), lang)
    useCart.setState({ cart: { ...EMPTY_CART, itemCount: 3 } as never })
    const http = mockHttp({ 'POST /shoppingManagement4/checkOttPaymentStatus': PAID })
    renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    expect(http.calls.some((c) => c.method === 'GET' && c.path === '/shoppingManagement4/myCart')).toBe(true)
    expect(useCart.getState().cart?.itemCount).toBe(0)
  })

  test("a paid order clears that order's coupon, comment and slot from the checkout draft, keeping the contact", async () => {
    resetStores(appInfoFixture(), lang)
    testControl.storage.set(DRAFT_KEY, { method: 'PICKUP', couponCode: 'WELCOME10', comment: 'Extra napkins', pickupDate: '2030-01-07', contact: { firstName: 'Ada' } })
    mockHttp({ 'POST /shoppingManagement4/checkOttPaymentStatus': PAID })
    renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    expect(testControl.storage.get(DRAFT_KEY)).toMatchObject({ method: 'PICKUP', couponCode: '', comment: '', pickupDate: '', contact: { firstName: 'Ada' } })
  })

  test('a failed payment does not touch the cart', async () => {
    resetStores(appInfoFixture(), lang)
    const http = mockHttp({ 'POST /shoppingManagement4/checkOttPaymentStatus': FAILED })
    renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    expect(http.calls.some((c) => c.path === '/shoppingManagement4/myCart')).toBe(false)
  })

  test('signed in: Check Order Detail → /user/orders, My Account → /user/list, Continue Shopping → /store; no Register', async () => {
    resetStores(loggedInFixture(), lang)
    mockHttp({ 'POST /shoppingManagement4/checkOttPaymentStatus': PAID })
    renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    expect(panel().queryByText(text.register)).toBeNull()
    fireEvent.click(panel().getByText(text.detail))
    fireEvent.click(panel().getByText(text.account))
    fireEvent.click(panel().getByText(text.shopping))
    expect(navigations.map((n) => n.url)).toEqual(['/user/orders', '/user/list', '/store'])
  })

  test('guest: Register → /account/signup', async () => {
    resetStores(appInfoFixture(), lang)
    mockHttp({ 'POST /shoppingManagement4/checkOttPaymentStatus': PAID })
    renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    fireEvent.click(panel().getByText(text.register))
    expect(navigations.map((n) => n.url)).toEqual(['/account/signup'])
  })

  test('weixin_js with oid and status=ok checks the native WeChat status', async () => {
    resetStores(appInfoFixture(), lang)
    const http = mockHttp({ 'POST /shoppingManagement4/checkNativePayPaymentStatus': PAID })
    renderAt('/confirmation?from_source=weixin_js&status=ok&oid=100001')
    await settle()
    expect(paymentCalls(http)[0].body).toEqual({ orderID: '100001', returnUrlInfo: '', status: 'ok' })
    expect(panel().getByText(text.order)).toBeInTheDocument()
  })

  test('failure view: Payment Failed and Back to Cart → /checkout', async () => {
    resetStores(appInfoFixture(), lang)
    mockHttp({ 'POST /shoppingManagement4/checkOPayPaymentStatus': FAILED })
    renderAt('/confirmation?from_source=opay_h5X100001')
    await settle()
    expect(panel().getByText(text.failed)).toBeInTheDocument()
    fireEvent.click(panel().getByText(text.backToCart))
    expect(navigations.map((n) => n.url)).toEqual(['/checkout'])
  })

  test('qrCodeScan with orderID switches to the in-process view with its footer buttons', async () => {
    resetStores(appInfoFixture(), lang)
    mockHttp({ 'POST /shoppingManagement4/checkIOTPayPaymentStatus': { orderID: '100001', qrCodeScan: true } })
    renderAt('/confirmation?from_source=iot_h5X100001')
    await settle()
    expect(panel().getByText(text.inProcess)).toBeInTheDocument()
    expect(panel().getByText(text.order)).toBeInTheDocument()
    expect(panel().getByText(text.shopping)).toBeInTheDocument()
  })
})

describe('polling', () => {
  test('Pending shows the spinner and rechecks every 2 s until paid, without reload', async () => {
    jest.useFakeTimers()
    resetStores(appInfoFixture(), 'en')
    const answers = [PENDING, PENDING, PAID]
    const http = mockHttp({ 'POST /shoppingManagement4/checkSnapPayPaymentStatus': () => answers.shift() })
    renderAt('/confirmation?from_source=snappay_h5X100001')
    await settle()
    expect(panel().getByText('Submit Payment...')).toBeInTheDocument()
    expect(paymentCalls(http)).toHaveLength(1)
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1999)
    })
    expect(paymentCalls(http)).toHaveLength(1)
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1)
    })
    expect(paymentCalls(http)).toHaveLength(2)
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2000)
    })
    await settle()
    expect(paymentCalls(http)).toHaveLength(3)
    expect(panel().getByText('Thank you for your order!')).toBeInTheDocument()
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10000)
    })
    expect(paymentCalls(http)).toHaveLength(3)
  })

  test('leaving the page stops the checks', async () => {
    jest.useFakeTimers()
    resetStores(appInfoFixture(), 'en')
    const http = mockHttp({ 'POST /shoppingManagement4/checkOttPaymentStatus': PENDING })
    const view = renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    expect(paymentCalls(http)).toHaveLength(1)
    view.unmount()
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10000)
    })
    expect(paymentCalls(http)).toHaveLength(1)
  })

  test('a dropped connection keeps checking instead of failing the payment', async () => {
    jest.useFakeTimers()
    resetStores(appInfoFixture(), 'en')
    let n = 0
    mockHttp({
      'POST /shoppingManagement4/checkOttPaymentStatus': () => {
        n += 1
        if (n === 1) throw new Error('offline')
        return PAID
      }
    })
    renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    expect(panel().getByText('Submit Payment...')).toBeInTheDocument()
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2000)
    })
    await settle()
    expect(panel().getByText('Thank you for your order!')).toBeInTheDocument()
  })
})

describe('errors (spec §5, §8)', () => {
  beforeEach(() => resetStores(appInfoFixture(), 'en'))

  test("from_source without an order id after the marker: 'orderID error', no call", async () => {
    const http = mockHttp({})
    renderAt('/confirmation?from_source=ott_h5')
    await settle()
    expect(panel().getByText('orderID error')).toBeInTheDocument()
    expect(panel().getByText('Payment Failed')).toBeInTheDocument()
    expect(paymentCalls(http)).toEqual([])
  })

  test("no parameters at all: 'orderID error'", async () => {
    mockHttp({})
    renderAt('/confirmation')
    await settle()
    expect(panel().getByText('orderID error')).toBeInTheDocument()
  })

  test("a status response without status: 'no status or no payment status', scrolled to top", async () => {
    mockHttp({ 'POST /shoppingManagement4/checkOttPaymentStatus': { orderID: '100001', paymentStatus: 'NOT_PAID' } })
    renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    expect(panel().getByText('no status or no payment status')).toBeInTheDocument()
    expect(Taro.pageScrollTo).toHaveBeenCalledWith({ scrollTop: 0, duration: 0 })
  })

  test('a transaction error shows the failure view with its first message and scrolls to top', async () => {
    mockHttp({ 'POST /shoppingManagement4/checkCitconPaymentStatus': fail(404, 'Order 100001 not found') })
    renderAt('/confirmation?from_source=citcon_classic_h5X100001')
    await settle()
    expect(panel().getByText('Payment Failed')).toBeInTheDocument()
    expect(panel().getByText('Order 100001 not found')).toBeInTheDocument()
    expect(Taro.pageScrollTo).toHaveBeenCalledWith({ scrollTop: 0, duration: 0 })
  })
})

describe('mini-program return', () => {
  beforeEach(() => resetStores(appInfoFixture(), 'en'))

  test('MP_paymentstatus=OK with orderID and wmpoid: success without a server call', async () => {
    const http = mockHttp({})
    renderAt('/confirmation?MP_paymentstatus=OK&orderID=100001&wmpoid=openid-1')
    await settle()
    expect(panel().getByText('Thank you for your order!')).toBeInTheDocument()
    expect(panel().getByText('Order number: 100001')).toBeInTheDocument()
    expect(paymentCalls(http)).toEqual([])
  })

  test('FAIL with message: the failure view shows it', async () => {
    mockHttp({})
    renderAt('/confirmation?MP_paymentstatus=FAIL&message=requestPayment%3Afail%20cancel&orderID=100001&wmpoid=openid-1')
    await settle()
    expect(panel().getByText('Payment Failed')).toBeInTheDocument()
    expect(panel().getByText('requestPayment:fail cancel')).toBeInTheDocument()
  })

  test("no wmpoid: 'no WechatOpenID'", async () => {
    mockHttp({})
    renderAt('/confirmation?MP_paymentstatus=OK&orderID=100001')
    await settle()
    expect(panel().getByText('no WechatOpenID')).toBeInTheDocument()
  })

  test("OK without orderID: 'miniProgram OrderID error'", async () => {
    mockHttp({})
    renderAt('/confirmation?MP_paymentstatus=OK&wmpoid=openid-1')
    await settle()
    expect(panel().getByText('miniProgram OrderID error')).toBeInTheDocument()
  })
})

describe('other confirmation routes', () => {
  beforeEach(() => resetStores(appInfoFixture(), 'en'))

  test('/confirmation/{id}: a pay-at-store order is placed (success)', async () => {
    const http = mockHttp({ 'GET /common3/orderStatus/100001': status('NEW', 'PAY_AT_STORE') })
    renderAt('/confirmation/100001')
    await settle()
    expect(paymentCalls(http).map((c) => c.path)).toEqual(['/common3/orderStatus/100001'])
    expect(panel().getByText('Thank you for your order!')).toBeInTheDocument()
  })

  test('/confirmation/{id}: an order a coupon paid in full (PAID_BY_DISCOUNT) is placed (success)', async () => {
    mockHttp({ 'GET /common3/orderStatus/100001': status('NEW', 'PAID_BY_DISCOUNT') })
    renderAt('/confirmation/100001')
    await settle()
    expect(panel().getByText('Thank you for your order!')).toBeInTheDocument()
  })

  test('/confirmationa/alipay_h5/{order_id} checks the Alipay payment', async () => {
    const http = mockHttp({ 'POST /shoppingManagement4/checkAlipayPaymentStatus': PAID })
    renderAt('/confirmationa/alipay_h5/100001', AlternateConfirmationPage)
    await settle()
    expect(paymentCalls(http).map((c) => c.path)).toEqual(['/shoppingManagement4/checkAlipayPaymentStatus'])
    expect(panel().getByText('Order number: 100001')).toBeInTheDocument()
  })

  test('/confirmationa/alipay_h5/{order_id} failed: Payment Failed', async () => {
    mockHttp({ 'POST /shoppingManagement4/checkAlipayPaymentStatus': FAILED })
    renderAt('/confirmationa/alipay_h5/100001', AlternateConfirmationPage)
    await settle()
    expect(panel().getByText('Payment Failed')).toBeInTheDocument()
  })
})

describe.each(LANGS)('processpay (%s)', (lang) => {
  test('with code and oid: the processing text and spinner while WeChat pays', async () => {
    resetStores(appInfoFixture(), lang)
    const http = mockHttp({ 'POST /shoppingManagement4/requestNativePayH5Payment': () => new Promise(() => undefined) })
    renderAt('/processpay?code=oauth-code&oid=100001', ProcessPayPage)
    await settle()
    expect(panel().getByText(TEXT[lang].processing)).toBeInTheDocument()
    expect(paymentCalls(http)[0].query).toEqual({ wechatCode: 'oauth-code' })
    expect(paymentCalls(http)[0].body).toEqual({ orderID: '100001', returnUrlInfo: window.location.origin })
  })

  test('a refused payment shows the first error message', async () => {
    resetStores(appInfoFixture(), lang)
    mockHttp({ 'POST /shoppingManagement4/requestNativePayH5Payment': fail(409, 'This order is already paid') })
    renderAt('/processpay?code=oauth-code&oid=100001', ProcessPayPage)
    await settle()
    expect(panel().getByText('This order is already paid')).toBeInTheDocument()
    expect(panel().queryByText(TEXT[lang].processing)).toBeNull()
  })
})
