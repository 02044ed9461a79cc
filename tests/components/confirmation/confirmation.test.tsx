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
import { cartOf } from '../../support/fixtures/catalog'
import { beyondContract, fail, mockHttp as mockRoutes, type MockHttp } from '../../support/mockHttp'
import { useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { navigations, testControl } from '../../support/taroMock'
import { DRAFT_KEY } from '@/hooks/useCheckoutDraft'
import { STARTED_PAYMENT_KEY } from '@/domain/retryPayment'
import { recordBrowserExits } from '../../support/browserExits'
import { LANGS, resetStores, setUrl, setUserAgent, DESKTOP_UA } from '../shell/shellTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    pending: 'Submit Payment...',
    success: 'Thank you for your order!',
    receipt: 'Receipt sent to ada+shop@example.com',
    order: 'Order number: 100001',
    store: 'Store: Maple Market',
    failed: 'Payment Failed',
    backToCart: 'Back to Cart',
    detail: 'Check Order Detail',
    account: 'My Account',
    register: 'Register',
    shopping: 'Continue Shopping',
    inProcess: 'Your payment is being processed',
    processing: 'We are processing your payment request, please hold on stay in this page.',
    stalled: 'Payment not completed yet. If you left the payment page, you can try again; we keep checking meanwhile.',
    retry: 'Retry payment',
    croissant: 'Butter Croissant 4-pack × 2',
    total: 'Total',
    paidOnline: 'Paid online.',
    paidWithStoreCredit: 'Paid with store credit.',
    coveredByCoupon: 'Covered by your coupon: nothing was charged.',
    payAtStore: 'Pay when you collect: nothing has been charged yet.',
    pickupAt: 'Pickup at Richmond Centre',
    pickupTime: 'Pickup time: Mon, Jan 7, 10:30',
    deliveryTime: 'Delivery time: Mon, Jan 7, 16:00',
    deliverTo: 'Delivery to 1 Front St W, 804, Toronto ON M5J 2X5',
    table: 'Table A-12',
    eatInAt: 'Eat in at Vancouver Downtown',
    notFound: 'We couldn’t find this order',
    notFoundText: 'Order 100001 was not placed in this browser. Sign in to see your account’s orders.',
    signIn: 'Sign in'
  },
  zh: {
    pending: '正在提交支付...',
    success: '感谢您的订购！',
    receipt: '收据已发送至 ada+shop@example.com',
    order: '订单号：100001',
    store: '商店：枫叶市场',
    failed: '支付失败',
    backToCart: '返回购物车',
    detail: '查看订单详情',
    account: '我的账户',
    register: '注册',
    shopping: '继续购物',
    inProcess: '您的付款正在处理中',
    processing: '我们正在处理您的支付请求，请稍候并停留在此页面。',
    stalled: '尚未完成支付。如果您已离开支付页面，可以重新支付；我们会继续查询支付结果。',
    retry: '重新支付',
    croissant: '黄油可颂4个装 × 2',
    total: '合计',
    paidOnline: '已在线支付。',
    paidWithStoreCredit: '已用储值金支付。',
    coveredByCoupon: '优惠券已全额抵扣，未扣款。',
    payAtStore: '到店取货时付款：目前尚未扣款。',
    pickupAt: '自取门店：列治文中心店',
    pickupTime: '自取时间：1月7日 10:30',
    deliveryTime: '配送时间：1月7日 16:00',
    deliverTo: '配送地址：1 Front St W, 804, Toronto ON M5J 2X5',
    table: '桌号：A-12',
    eatInAt: '堂食门店：温哥华市中心店',
    notFound: '找不到此订单',
    notFoundText: '订单 100001 不是在此浏览器中下的单。请登录查看您账户中的订单。',
    signIn: '登录'
  }
}

const status = (s: string, p: string, extra: Record<string, unknown> = {}) => ({ orderID: '100001', status: s, paymentStatus: p, qrCodeScan: false, ...extra })
const PAID = status('NEW', 'PAID_ONLINE')
const PENDING = status('INTERIM', 'NOT_PAID')
const FAILED = status('FAILED', 'FAILED')

const EMPTY_CART = cartOf()

/** The server for these pages: the given routes plus the cart, which the success view reloads. */
function mockHttp(routes: Record<string, unknown>): MockHttp {
  return mockRoutes({ 'GET /shoppingManagement4/myCart': EMPTY_CART, ...routes })
}

/** The calls of the payment flow (the cart reload and the paid order's summary are checked on their own). */
const paymentCalls = (http: MockHttp) => http.calls.filter((c) => c.path !== '/shoppingManagement4/myCart' && !c.path.startsWith('/common3/orders/'))

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

/** The panel's buttons, top to bottom, and the one styled as the primary action. */
const buttonTexts = () => [...document.querySelectorAll('.confirmation .confirmation__button')].map((b) => b.textContent)
const primaryButtonText = () => {
  const primary = document.querySelectorAll('.confirmation .confirmation__button--primary')
  expect(primary).toHaveLength(1)
  return primary[0].textContent
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
    ['weixin_h5', 'checkNativePayPaymentStatus'],
    ['paypal_h5', 'checkPayPalPaymentStatus']
  ]
  test.each(providers)('from_source=%sX100001 asks %s and shows success to a guest', async (source, check) => {
    resetStores(appInfoFixture(), lang)
    const http = mockHttp({ [`POST /shoppingManagement4/${check}`]: PAID })
    renderAt(`/confirmation?from_source=${source}X100001`)
    await settle()
    expect(paymentCalls(http).map((c) => c.path)).toEqual([`/shoppingManagement4/${check}`])
    expect(paymentCalls(http)[0].body).toEqual({ orderID: '100001', returnUrlInfo: '' })
    expect(panel().getByText(text.success)).toBeInTheDocument()
    // The order did not load (no receiptTo known): no receipt is promised.
    expect(document.querySelector('.confirmation__receipt')).toBeNull()
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
    expect(buttonTexts()).toEqual([text.detail, text.account, text.shopping])
    expect(primaryButtonText()).toBe(text.detail)
    fireEvent.click(panel().getByText(text.detail))
    fireEvent.click(panel().getByText(text.account))
    fireEvent.click(panel().getByText(text.shopping))
    expect(navigations.map((n) => n.url)).toEqual(['/user/orders', '/user/list', '/store'])
  })

  test('before app info says who the shopper is, no Register or Check Order Detail: the buttons come with it', async () => {
    resetStores(appInfoFixture(), lang)
    useAppInfo.setState({ info: null, status: 'loading' })
    mockHttp({ 'POST /shoppingManagement4/checkOttPaymentStatus': PAID })
    renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    expect(panel().getByText(text.success)).toBeInTheDocument()
    expect(panel().queryByText(text.register)).toBeNull()
    expect(panel().queryByText(text.detail)).toBeNull()
    act(() => useAppInfo.setState({ info: loggedInFixture(), status: 'ready' }))
    expect(panel().getByText(text.detail)).toBeInTheDocument()
    expect(panel().queryByText(text.register)).toBeNull()
  })

  test('guest: Continue Shopping is the primary action, Register below it; Register → /account/signup', async () => {
    resetStores(appInfoFixture(), lang)
    mockHttp({ 'POST /shoppingManagement4/checkOttPaymentStatus': PAID })
    renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    expect(buttonTexts()).toEqual([text.shopping, text.register])
    expect(primaryButtonText()).toBe(text.shopping)
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
    mockHttp({
      'POST /shoppingManagement4/checkIOTPayPaymentStatus': beyondContract({ orderID: '100001', qrCodeScan: true }, 'spec §4: qrCodeScan with an orderID, no status yet')
    })
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

  test('WeChat Native on a desktop: the code to scan beside the spinner while pending, gone once paid', async () => {
    jest.useFakeTimers()
    resetStores(appInfoFixture(), 'en')
    const answers = [PENDING, PAID]
    const http = mockHttp({ 'POST /shoppingManagement4/checkNativePayPaymentStatus': () => answers.shift() })
    const codeUrl = 'weixin://wxpay/bizpayurl/up?pr=abc123&groupid=00'
    renderAt(`/confirmation?from_source=weixin_h5X100001&wechat_qr=${encodeURIComponent(codeUrl)}`)
    await settle()
    expect(document.querySelector('.confirmation__qr')?.getAttribute('data-qr')).toBe(codeUrl)
    expect(panel().getByText('Scan this code with WeChat to pay. This page updates once the payment is made.')).toBeInTheDocument()
    expect(panel().getByText('Submit Payment...')).toBeInTheDocument()
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2000)
    })
    await settle()
    expect(paymentCalls(http)).toHaveLength(2)
    expect(panel().getByText('Thank you for your order!')).toBeInTheDocument()
    expect(document.querySelector('.confirmation__qr')).toBeNull()
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

/** The order as GET /common3/orders/{id} answers it (server/src/orders/service.ts orderView). */
function placedOrder(patch: Record<string, unknown> = {}) {
  return {
    orderID: '100001',
    status: 'NEW',
    paymentStatus: 'PAID_ONLINE',
    method: 'PICKUP',
    localStoreId: 'loc-ric',
    localStoreName: 'Richmond Centre',
    tableNumber: null,
    contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada+shop@example.com', phone: '416-555-0199' },
    delivery: null,
    pickupDateTime: '2030-01-07 10:30',
    deliveryDateTime: null,
    lines: [
      {
        itemKey: '1021|',
        productId: '1021',
        name: 'Butter Croissant 4-pack',
        nameContent: { en: 'Butter Croissant 4-pack', zh: '黄油可颂4个装' },
        image: 'croissant.svg',
        optionPair: '',
        optionLabels: [],
        quantity: 2,
        unitPrice: 899,
        lineTotal: 1798,
        addOn: false
      }
    ],
    subtotal: 1798,
    discount: 0,
    tip: 0,
    tax: 234,
    shipping: 0,
    storeCredit: 0,
    total: 2032,
    currency: 'CAD',
    couponCode: null,
    customerComment: '',
    comments: [],
    cancellable: true,
    refunded: 0,
    createdAt: '2030-01-07T14:00:00.000Z',
    storeName: 'Maple Market',
    userID: null,
    ...patch
  }
}

describe.each(LANGS)('the confirmed order (%s)', (lang) => {
  const text = TEXT[lang]
  const fact = (name: string) => document.querySelector(`.confirmation__fact[data-fact="${name}"]`)?.textContent ?? null

  test('paid pickup: items, total, paid online, the store with its address and the time', async () => {
    resetStores(appInfoFixture(), lang)
    mockHttp({ 'POST /shoppingManagement4/checkOttPaymentStatus': PAID, 'GET /common3/orders/100001': placedOrder() })
    renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    expect(panel().getByText(text.croissant)).toBeInTheDocument()
    expect(document.querySelector('.confirmation__line--total')?.textContent).toBe(`${text.total}$20.32`)
    expect(fact('payment')).toBe(text.paidOnline)
    expect(fact('store')).toBe(text.pickupAt)
    expect(fact('address')).toBe('6551 No. 3 Rd, Richmond BC V6Y 2B6')
    expect(fact('time')).toBe(text.pickupTime)
  })

  // Issue 42 N-4: nothing was charged online when store credit (or a coupon) covered the whole order.
  test.each([
    ['wholly paid with store credit', { storeCredit: 2032, total: 0 }, 'paidWithStoreCredit'],
    ['part store credit, the rest online', { storeCredit: 500, total: 1532 }, 'paidOnline'],
    ['wholly covered by a coupon', { paymentStatus: 'PAID_BY_DISCOUNT' as const, discount: 2032, total: 0 }, 'coveredByCoupon']
  ])('%s: the payment line says how it was paid', async (_, patch, said) => {
    resetStores(appInfoFixture(), lang)
    mockHttp({ 'GET /common3/orderStatus/100001': status('NEW', 'PAID_ONLINE'), 'GET /common3/orders/100001': placedOrder(patch) })
    renderAt('/confirmation/100001')
    await settle()
    expect(fact('payment')).toBe(text[said])
  })

  test('the receipt the server sent: "Receipt sent to" its address, under the order', async () => {
    resetStores(appInfoFixture(), lang)
    mockHttp({ 'POST /shoppingManagement4/checkOttPaymentStatus': PAID, 'GET /common3/orders/100001': placedOrder({ receiptTo: 'ada+shop@example.com' }) })
    renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    expect(document.querySelector('.confirmation__receipt')?.textContent).toBe(text.receipt)
  })

  test('no receiptTo (no receipt queued): no receipt line', async () => {
    resetStores(appInfoFixture(), lang)
    mockHttp({ 'POST /shoppingManagement4/checkOttPaymentStatus': PAID, 'GET /common3/orders/100001': placedOrder() })
    renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    expect(panel().getByText(text.croissant)).toBeInTheDocument()
    expect(document.querySelector('.confirmation__receipt')).toBeNull()
  })

  test('pay at store: "pay when you collect"; Register opens sign-up with the order’s e-mail and name', async () => {
    resetStores(appInfoFixture(), lang)
    mockHttp({
      'GET /common3/orderStatus/100001': status('NEW', 'PAY_AT_STORE'),
      'GET /common3/orders/100001': placedOrder({ paymentStatus: 'PAY_AT_STORE' })
    })
    renderAt('/confirmation/100001')
    await settle()
    expect(fact('payment')).toBe(text.payAtStore)
    fireEvent.click(panel().getByText(text.register))
    expect(navigations.map((n) => n.url)).toEqual(['/account/signup?email=ada%2Bshop%40example.com&firstName=Ada&lastName=Lovelace'])
  })

  test('delivery shows the address and time; eat-in the store and table', async () => {
    resetStores(appInfoFixture(), lang)
    const delivery = { firstName: 'Ada', lastName: 'Lovelace', phone: '416-555-0199', streetNumberAndNameDetails: '1 Front St W', unit: '804', city: 'Toronto', province: 'ON', postCode: 'M5J 2X5', country: 'CA' }
    const http = mockHttp({
      'POST /shoppingManagement4/checkOttPaymentStatus': PAID,
      'GET /common3/orders/100001': placedOrder({ method: 'DELIVERY', localStoreId: null, localStoreName: null, delivery, pickupDateTime: null, deliveryDateTime: '2030-01-07 16:00' })
    })
    const view = renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    expect(fact('address')).toBe(text.deliverTo)
    expect(fact('time')).toBe(text.deliveryTime)
    view.unmount()
    http.set('GET /common3/orders/100001', placedOrder({ method: 'EAT_IN', localStoreId: 'loc-van', localStoreName: 'Vancouver Downtown', tableNumber: 'A-12', pickupDateTime: null }))
    renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    expect(fact('store')).toBe(text.eatInAt)
    expect(fact('table')).toBe(text.table)
    expect(fact('time')).toBeNull()
  })
})

describe.each(LANGS)('an order of another browser (%s)', (lang) => {
  const text = TEXT[lang]
  test('/confirmation/{id} the server does not show this visitor: not found, not a failed payment; Sign in leads to the orders', async () => {
    resetStores(appInfoFixture(), lang)
    mockHttp({ 'GET /common3/orderStatus/100001': fail(404, 'Order 100001 not found') })
    renderAt('/confirmation/100001')
    await settle()
    expect(panel().getByText(text.notFound)).toBeInTheDocument()
    expect(panel().getByText(text.notFoundText)).toBeInTheDocument()
    expect(panel().queryByText(text.failed)).toBeNull()
    fireEvent.click(panel().getByText(text.signIn))
    expect(navigations.map((n) => n.url)).toEqual(['/account/login?redirect=%2Fuser%2Forders'])
  })
})

describe.each(LANGS)('an abandoned payment (%s)', (lang) => {
  const text = TEXT[lang]
  test('still pending after 2 s (issue 42 n-4, was 10 s): Retry payment and Back to cart beside the spinner, and the checks go on', async () => {
    jest.useFakeTimers()
    resetStores(appInfoFixture(), lang)
    const http = mockHttp({ 'POST /shoppingManagement4/checkOttPaymentStatus': PENDING })
    renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1500)
    })
    expect(panel().queryByText(text.retry)).toBeNull()
    await act(async () => {
      await jest.advanceTimersByTimeAsync(500)
    })
    expect(panel().getByText(text.pending)).toBeInTheDocument()
    expect(panel().getByText(text.stalled)).toBeInTheDocument()
    const checks = paymentCalls(http).length
    await act(async () => {
      await jest.advanceTimersByTimeAsync(4000)
    })
    expect(paymentCalls(http).length).toBe(checks + 2)
    fireEvent.click(panel().getByText(text.retry))
    expect(navigations.at(-1)).toMatchObject({ url: '/checkout' })
    fireEvent.click(panel().getByText(text.backToCart))
    expect(navigations.at(-1)).toMatchObject({ url: '/checkout/cart' })
  })
})

describe.each(LANGS)('Retry payment reopens the same order\'s payment (issue 42 n-4, %s)', (lang) => {
  const text = TEXT[lang]
  const exits = recordBrowserExits()
  const stalledPage = async (routes: Record<string, unknown>) => {
    jest.useFakeTimers()
    resetStores(appInfoFixture(), lang)
    const http = mockHttp({ 'POST /shoppingManagement4/checkOttPaymentStatus': PENDING, ...routes })
    renderAt('/confirmation?from_source=ott_h5X100001')
    await settle()
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2000)
    })
    return http
  }

  test('the checkout started paying this order on a channel: one tap asks that provider for its page again and goes there', async () => {
    testControl.storage.set(STARTED_PAYMENT_KEY, { orderID: '100001', channel: 'OTT', at: Date.now() })
    const http = await stalledPage({ 'POST /shoppingManagement4/requestOTTH5Payment': { orderID: '100001', redirectUrl: 'http://localhost/api/istore/client/sandbox/pay/again' } })
    const before = navigations.length
    fireEvent.click(panel().getByText(text.retry))
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0)
    })
    expect(http.calls.filter((c) => c.path === '/shoppingManagement4/requestOTTH5Payment').map((c) => (c.body as { orderID: string }).orderID)).toEqual(['100001'])
    expect(exits).toEqual(['http://localhost/api/istore/client/sandbox/pay/again'])
    expect(navigations.length).toBe(before)
  })

  test('the provider refuses (the order no longer held): says why, and Back to cart stays', async () => {
    testControl.storage.set(STARTED_PAYMENT_KEY, { orderID: '100001', channel: 'OTT', at: Date.now() })
    await stalledPage({ 'POST /shoppingManagement4/requestOTTH5Payment': fail(409, 'Order 100001 is no longer waiting for payment') })
    fireEvent.click(panel().getByText(text.retry))
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0)
    })
    expect(panel().getByRole('alert')).toHaveTextContent('Order 100001 is no longer waiting for payment')
    expect(exits).toEqual([])
    expect(panel().getByText(text.backToCart)).toBeInTheDocument()
  })

  test('another order started here: the checkout, as before', async () => {
    testControl.storage.set(STARTED_PAYMENT_KEY, { orderID: '100000', channel: 'OTT', at: Date.now() })
    const http = await stalledPage({})
    fireEvent.click(panel().getByText(text.retry))
    expect(navigations.at(-1)).toMatchObject({ url: '/checkout' })
    expect(http.calls.some((c) => c.path.includes('requestOTTH5Payment'))).toBe(false)
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
    mockHttp({
      'POST /shoppingManagement4/checkOttPaymentStatus': beyondContract({ orderID: '100001', paymentStatus: 'NOT_PAID' }, "spec §8: 'no status or no payment status'")
    })
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

  test('MP_paymentstatus=OK with orderID and wmpoid: the server is asked, and the page says paid only once it does', async () => {
    jest.useFakeTimers()
    const answers = [PENDING, PAID]
    const http = mockHttp({ 'POST /shoppingManagement4/checkNativePayPaymentStatus': () => answers.shift() })
    renderAt('/confirmation?MP_paymentstatus=OK&orderID=100001&wmpoid=openid-1')
    await settle()
    expect(panel().getByText('Submit Payment...')).toBeInTheDocument()
    expect(panel().queryByText('Thank you for your order!')).toBeNull()
    expect(paymentCalls(http).map((c) => [c.path, c.body])).toEqual([['/shoppingManagement4/checkNativePayPaymentStatus', { orderID: '100001', returnUrlInfo: '' }]])
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2000)
    })
    await settle()
    expect(paymentCalls(http)).toHaveLength(2)
    expect(panel().getByText('Thank you for your order!')).toBeInTheDocument()
    expect(panel().getByText('Order number: 100001')).toBeInTheDocument()
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
    expect(paymentCalls(http)[0].query).toEqual({ provider: 'WECHATPAY', wechatCode: 'oauth-code' })
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
