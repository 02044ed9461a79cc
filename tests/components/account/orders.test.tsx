import { fireEvent, render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { OrderDetail } from '@/components/account/OrderDetail'
import { OrderList } from '@/components/account/OrderList'
import { SignedIn } from '@/components/account/SignedIn'
import type { Language } from '@/i18n'
import { fail, mockHttp } from '../../support/mockHttp'
import { cartOf, line as cartLine } from '../../support/fixtures/catalog'
import { useCart } from '@/stores/cart'
import { navigations } from '../../support/taroMock'
import { guest, LANGS, order, resetStores, settle, signedIn, type, valueOf } from './accountTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    empty: 'You have no orders yet.', count: '12 orders', more: 'Load more', order: 'Order 100012', placed: 'Placed', payAtStore: 'Pay at store',
    pickup: 'Pickup', cancel: 'Cancel order', cancelled: 'Cancelled', add: 'Add comment', required: 'This field is required.',
    line: 'House Blend', total: 'Total', tax: 'Tax', comments: 'Comments', notFound: 'There is no order 999999 in your account.', myOrders: 'My orders',
    retry: 'Try again', refundPending: 'Refund on its way', vancouver: 'Vancouver Downtown',
    READY_FOR_PICKUP: 'Ready for pickup', OUT_FOR_DELIVERY: 'Out for delivery', paidWithStoreCredit: 'Paid with store credit', paidOnline: 'Paid online'
  },
  zh: {
    empty: '您还没有订单。', count: '共 12 个订单', more: '加载更多', order: '订单 100012', placed: '已下单', payAtStore: '到店支付',
    pickup: '自取', cancel: '取消订单', cancelled: '已取消', add: '添加留言', required: '此项为必填项。',
    line: '招牌拼配', total: '合计', tax: '税费', comments: '留言', notFound: '您的账户中没有订单 999999。', myOrders: '我的订单',
    retry: '重试', refundPending: '退款处理中', vancouver: '温哥华市中心店',
    READY_FOR_PICKUP: '待取货', OUT_FOR_DELIVERY: '配送中', paidWithStoreCredit: '已用储值金支付', paidOnline: '已在线支付'
  }
}

const page = (from: number, n: number, hasMore: boolean) => ({
  orders: Array.from({ length: n }, (_, i) => order(String(100012 - from - i))),
  startingPosition: from,
  numberToLoad: 10,
  hasMore
})

describe.each(LANGS)('order list (%s)', (lang) => {
  const text = TEXT[lang]

  it('no orders: says so and offers the shop', async () => {
    resetStores(signedIn(), lang, '/user/orders')
    mockHttp({ 'GET /admin/orderManagement/orders/count': { count: 0 }, 'GET /admin/orderManagement/orders/list': page(0, 0, false) })
    render(<OrderList />)
    await settle()
    expect(screen.getByText(text.empty)).toBeInTheDocument()
    expect(screen.queryByText(text.more)).toBeNull()
  })

  it('shows the count and 10 rows, then the next 10 on demand; a row opens its order', async () => {
    resetStores(signedIn(), lang, '/user/orders')
    const http = mockHttp({
      'GET /admin/orderManagement/orders/count': { count: 12 },
      'GET /admin/orderManagement/orders/list': (req: { query: Record<string, string> }) =>
        req.query.startingPosition === '0' ? page(0, 10, true) : page(10, 2, false)
    })
    const { container } = render(<OrderList />)
    await settle()
    expect(screen.getByText(text.count)).toBeInTheDocument()
    expect(container.querySelectorAll('.order-row')).toHaveLength(10)
    const first = http.calls.find((c) => c.path === '/admin/orderManagement/orders/list')
    expect(first?.query).toEqual({ numberToLoad: '10', startingPosition: '0', infiniteLoad: 'true' })
    expect(screen.getAllByText(text.placed)).toHaveLength(10)
    expect(screen.getAllByText(text.payAtStore)).toHaveLength(10)

    fireEvent.click(screen.getByText(text.more))
    await settle()
    expect(http.calls.filter((c) => c.path.endsWith('/list')).map((c) => c.query.startingPosition)).toEqual(['0', '10'])
    expect(container.querySelectorAll('.order-row')).toHaveLength(12)
    expect(screen.queryByText(text.more)).toBeNull()

    fireEvent.click(screen.getByText(text.order))
    expect(navigations).toEqual([{ kind: 'navigateTo', url: '/user/orders/100012' }])
  })

  // Issue 42 n-14: rows showed number, "2026-12-01 21:51", status, payment and amount, no item.
  it('a row shows its first item with its picture, how many more, and a friendly date', async () => {
    resetStores(signedIn(), lang, '/user/orders')
    const one = order('100012')
    const two = order('100011', { lines: [...one.lines, { ...one.lines[0], itemKey: '1003|', productId: '1003', name: 'Colombia', nameContent: { en: 'Colombia', zh: '哥伦比亚' }, optionPair: '' }] })
    mockHttp({
      'GET /admin/orderManagement/orders/count': { count: 2 },
      'GET /admin/orderManagement/orders/list': { orders: [one, two], startingPosition: 0, numberToLoad: 10, hasMore: false }
    })
    const { container } = render(<OrderList />)
    await settle()
    const rows = [...container.querySelectorAll('.order-row')]
    expect(rows.map((r) => r.querySelector('.order-row__item-name')?.textContent)).toEqual(
      lang === 'en' ? ['House Blend', 'House Blend and 1 more'] : ['招牌拼配', '招牌拼配 等 1 件']
    )
    for (const row of rows) {
      expect(row.querySelector('.order-row__thumb .lazy-image')).not.toBeNull()
      expect(row.querySelector('.order-row__date')?.textContent).toMatch(lang === 'en' ? /^(Sat|Sun), Nov 2[12], \d{2}:\d{2}$/ : /^11月2[12]日 \d{2}:\d{2}$/)
    }
  })

  it('a completed order reads Completed in the language, not the status code', async () => {
    resetStores(signedIn(), lang, '/user/orders')
    mockHttp({
      'GET /admin/orderManagement/orders/count': { count: 1 },
      'GET /admin/orderManagement/orders/list': { orders: [order('100001', { status: 'COMPLETED' })], startingPosition: 0, numberToLoad: 10, hasMore: false }
    })
    render(<OrderList />)
    await settle()
    expect(screen.getByText(lang === 'en' ? 'Completed' : '已完成')).toBeInTheDocument()
    expect(screen.queryByText('COMPLETED')).toBeNull()
  })

  it('a guest is sent to sign-in with the way back', async () => {
    resetStores(guest(), lang, '/user/orders')
    const http = mockHttp()
    render(<SignedIn><OrderList /></SignedIn>)
    await settle()
    expect(navigations).toEqual([{ kind: 'redirectTo', url: '/account/login?redirect=%2Fuser%2Forders' }])
    expect(http.calls).toHaveLength(0)
  })
})

describe.each(LANGS)('order detail (%s)', (lang) => {
  const text = TEXT[lang]

  it('shows lines, method, store, times, payment status and totals', async () => {
    resetStores(signedIn(), lang, '/user/orders/100012')
    mockHttp({ 'GET /admin/orderManagement/order/100012': order('100012') })
    const { container } = render(<OrderDetail orderID="100012" />)
    await settle()
    expect(screen.getByText(text.order)).toBeInTheDocument()
    expect(screen.getByText(text.line)).toBeInTheDocument()
    expect(screen.getByText('× 2')).toBeInTheDocument()
    expect(container.querySelector('.order-fact--method')).toHaveTextContent(text.pickup)
    expect(container.querySelector('.order-fact--store')).toHaveTextContent('Downtown')
    expect(container.querySelector('.order-fact--pickup')).toHaveTextContent('2026-11-23 12:30')
    expect(container.querySelector('.order-fact--payment')).toHaveTextContent(text.payAtStore)
    expect(container.querySelector('.order-total--grand')).toHaveTextContent('$38.40')
    expect(screen.getByText(text.tax)).toBeInTheDocument()
  })

  it('an order wholly paid with store credit says so, in the list and in the order (issue 42 N-4)', async () => {
    const paidWithCredit = order('100012', { paymentStatus: 'PAID_ONLINE', storeCredit: 3840, total: 0, cancellable: false })
    resetStores(signedIn(), lang, '/user/orders/100012')
    mockHttp({ 'GET /admin/orderManagement/order/100012': paidWithCredit })
    const detail = render(<OrderDetail orderID="100012" />)
    await settle()
    expect(detail.container.querySelector('.order-fact--payment')).toHaveTextContent(text.paidWithStoreCredit)
    detail.unmount()
    resetStores(signedIn(), lang, '/user/orders')
    mockHttp({
      'GET /admin/orderManagement/orders/count': { count: 2 },
      'GET /admin/orderManagement/orders/list': { orders: [paidWithCredit, order('100011', { paymentStatus: 'PAID_ONLINE', storeCredit: 500, total: 3340 })], startingPosition: 0, numberToLoad: 10, hasMore: false }
    })
    const list = render(<OrderList />)
    await settle()
    expect([...list.container.querySelectorAll('.order-row__payment')].map((el) => el.textContent)).toEqual([text.paidWithStoreCredit, text.paidOnline])
  })

  it('cancel is offered only where the server allows, and cancels after confirming', async () => {
    resetStores(signedIn(), lang, '/user/orders/100012')
    const http = mockHttp({
      'GET /admin/orderManagement/order/100012': order('100012'),
      'PUT /admin/orderManagement/cancelOrder/100012': order('100012', { status: 'CANCELLED', cancellable: false })
    })
    const { container } = render(<OrderDetail orderID="100012" />)
    await settle()
    fireEvent.click(container.querySelector('.order-detail__cancel')!)
    await settle()
    expect(Taro.showModal).toHaveBeenCalled()
    expect(http.calls.some((c) => c.method === 'PUT' && c.path === '/admin/orderManagement/cancelOrder/100012')).toBe(true)
    expect(container.querySelector('.order-fact--status')).toHaveTextContent(text.cancelled)
    expect(container.querySelector('.order-detail__cancel')).toBeNull()
  })

  it('no cancel button on an order that cannot be cancelled', async () => {
    resetStores(signedIn(), lang, '/user/orders/100012')
    mockHttp({ 'GET /admin/orderManagement/order/100012': order('100012', { paymentStatus: 'PAID_ONLINE', cancellable: false }) })
    const { container } = render(<OrderDetail orderID="100012" />)
    await settle()
    expect(container.querySelector('.order-detail__cancel')).toBeNull()
  })

  it('adds a comment; an empty one is refused; a failure keeps the text', async () => {
    resetStores(signedIn(), lang, '/user/orders/100012')
    const http = mockHttp({ 'GET /admin/orderManagement/order/100012': order('100012') })
    const { container } = render(<OrderDetail orderID="100012" />)
    await settle()
    fireEvent.click(screen.getByText(text.add))
    await settle()
    expect(screen.getByText(text.required)).toBeInTheDocument()

    http.set('PUT /admin/orderManagement/addComment/100012', fail(404, 'Order not found'))
    await type(container, 'comment', 'Please add napkins')
    fireEvent.click(screen.getByText(text.add))
    await settle()
    expect(screen.getByRole('alert')).toHaveTextContent('Order not found')
    expect(valueOf(container, 'comment')).toBe('Please add napkins')

    http.set('PUT /admin/orderManagement/addComment/100012', order('100012', { comments: [{ text: 'Please add napkins', createdAt: '2026-11-22T09:00:00.000Z' }] }))
    fireEvent.click(screen.getByText(text.add))
    await settle()
    expect(http.calls.filter((c) => c.path.includes('addComment')).pop()?.body).toEqual({ comment: 'Please add napkins' })
    expect(container.querySelector('.order-comment__text')).toHaveTextContent('Please add napkins')
    expect(valueOf(container, 'comment')).toBe('')
  })

  it("an order that is not the shopper's says so and leads to their orders, without a pointless retry", async () => {
    resetStores(signedIn(), lang, '/user/orders/999999')
    mockHttp({ 'GET /admin/orderManagement/order/999999': fail(404, 'Order 999999 not found') })
    render(<OrderDetail orderID="999999" />)
    await settle()
    expect(screen.getByText(text.notFound)).toBeInTheDocument()
    expect(screen.queryByText(text.retry)).toBeNull()
    fireEvent.click(screen.getByText(text.myOrders))
    expect(navigations[navigations.length - 1]).toMatchObject({ url: expect.stringContaining('/user/orders') })
  })

  it.each([['READY_FOR_PICKUP', 'PICKUP'], ['OUT_FOR_DELIVERY', 'DELIVERY']] as const)('an order the store moved to %s says so in the shopper\'s language', async (status, method) => {
    resetStores(signedIn(), lang, '/user/orders/100012')
    mockHttp({ 'GET /admin/orderManagement/order/100012': order('100012', { status, method, paymentStatus: 'PAID_ONLINE', cancellable: false }) })
    render(<OrderDetail orderID="100012" />)
    await settle()
    expect(screen.getByText(text[status])).toBeInTheDocument()
    expect(screen.queryByText(status)).toBeNull()
  })

  it('a refunded order says the refund is on its way', async () => {
    resetStores(signedIn(), lang, '/user/orders/100012')
    mockHttp({ 'GET /admin/orderManagement/order/100012': order('100012', { status: 'REFUND_PENDING', paymentStatus: 'PAID_ONLINE', refunded: 3840, cancellable: false }) })
    render(<OrderDetail orderID="100012" />)
    await settle()
    expect(screen.getByText(text.refundPending)).toBeInTheDocument()
  })

  it('names the pickup store in the shopper\'s language when the store is one of the locations', async () => {
    resetStores(signedIn(), lang, '/user/orders/100012')
    mockHttp({ 'GET /admin/orderManagement/order/100012': order('100012', { localStoreId: 'loc-van', localStoreName: 'Vancouver Downtown' }) })
    const { container } = render(<OrderDetail orderID="100012" />)
    await settle()
    expect(container.querySelector('.order-fact--store .order-fact__value')).toHaveTextContent(text.vancouver)
  })
})

// Issue 42 n-14: "Buy again" puts an order's lines back in the cart through the cart's own calls (the same hook on every
// platform); every line in: on to the cart; some refused: named, with why, in the shopper's language.
const BUY_AGAIN: Record<Language, Record<string, string>> = {
  en: { button: 'Buy again', some: '1 item was added to your cart. Not added:', none: 'Nothing could be added to your cart:', stock: 'Colombia: not enough in stock', gone: 'House Blend (Espresso): no longer sold', cart: 'View cart' },
  zh: { button: '再来一单', some: '已将 1 件商品加入购物车。未能加入：', none: '没有商品能加入购物车：', stock: '哥伦比亚：库存不足', gone: '招牌拼配 (意式浓缩)：已停售', cart: '查看购物车' }
}

describe.each(LANGS)('buy again (%s)', (lang) => {
  const text = BUY_AGAIN[lang]
  const colombia = { ...order('1').lines[0], itemKey: '1003|', productId: '1003', name: 'Colombia', nameContent: { en: 'Colombia', zh: '哥伦比亚' }, optionPair: '', optionLabels: [], quantity: 1 }
  const milk = { ...colombia, itemKey: '2001|', productId: '2001', name: 'Oat Milk Upgrade', nameContent: { en: 'Oat Milk Upgrade', zh: '燕麦奶升级' }, addOn: true }
  const twoLines = order('100012', { lines: [...order('1').lines, colombia, milk], status: 'COMPLETED', cancellable: false })

  it('every line goes back in the cart (products by myCart, add-ons by iCart, in the order\'s quantities), then on to the cart', async () => {
    resetStores(signedIn(), lang, '/user/orders/100012')
    const inCart = cartOf(cartLine({ itemKey: '1001|grind:Espresso', optionPair: 'grind:Espresso', quantity: 2 }))
    const http = mockHttp({
      'GET /admin/orderManagement/order/100012': twoLines,
      'POST /shoppingManagement4/myCart': inCart,
      'POST /shoppingManagement4/iCart': inCart
    })
    render(<OrderDetail orderID="100012" />)
    await settle()
    fireEvent.click(screen.getByText(text.button))
    await settle()
    expect(http.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/shoppingManagement4/myCart', { productId: '1001', quantity: 2, optionPair: 'grind:Espresso' }],
      ['/shoppingManagement4/myCart', { productId: '1003', quantity: 1 }],
      ['/shoppingManagement4/iCart', { productId: '2001', quantity: 1 }]
    ])
    expect(useCart.getState().cart).toEqual(inCart)
    expect(navigations[navigations.length - 1]).toMatchObject({ url: '/checkout/cart' })
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('a line the cart refuses is named with why; the others are in the cart, which is one tap away', async () => {
    resetStores(signedIn(), lang, '/user/orders/100012')
    const inCart = cartOf(cartLine({ itemKey: '1001|grind:Espresso', optionPair: 'grind:Espresso', quantity: 2 }))
    mockHttp({
      'GET /admin/orderManagement/order/100012': order('100012', { lines: [...order('1').lines, colombia], cancellable: false }),
      'POST /shoppingManagement4/myCart': (req: { data: { productId: string } }) => (req.data.productId === '1003' ? fail(409, 'Only 0 left in stock') : inCart)
    })
    render(<OrderDetail orderID="100012" />)
    await settle()
    const before = navigations.length
    fireEvent.click(screen.getByText(text.button))
    await settle()
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent(text.some)
    expect(status).toHaveTextContent(text.stock)
    expect(status).not.toHaveTextContent('Only 0 left')
    expect(navigations.length).toBe(before)
    expect(useCart.getState().cart).toEqual(inCart)
    expect(useCart.getState().error).toBeNull()
    fireEvent.click(screen.getByText(text.cart))
    expect(navigations[navigations.length - 1]).toMatchObject({ url: '/checkout/cart' })
  })

  it('nothing added: says so, names each line, and offers no cart', async () => {
    resetStores(signedIn(), lang, '/user/orders/100012')
    mockHttp({
      'GET /admin/orderManagement/order/100012': order('100012', { cancellable: false }),
      'POST /shoppingManagement4/myCart': fail(404, 'Product 1001 not found'),
      'GET /shoppingManagement4/myCart': cartOf()
    })
    render(<OrderDetail orderID="100012" />)
    await settle()
    fireEvent.click(screen.getByText(text.button))
    await settle()
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent(text.none)
    expect(status).toHaveTextContent(text.gone)
    expect(screen.queryByText(text.cart)).toBeNull()
  })
})
