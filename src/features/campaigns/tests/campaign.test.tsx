import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { Campaign, CampaignCart, CampaignItem, CampaignParticipation } from '@/features/campaigns/api'
import type { Language } from '@/i18n'
import { OrderList } from '@/components/account/OrderList'
import { CampaignRow } from '@/features/campaigns/components/CampaignRow'
import { OrderDetail } from '@/components/account/OrderDetail'
import CampaignCartPage from '@/packages/checkout/pages/campaignCart/index'
import GroupCampaignPage from '@/packages/store/pages/groupCampaign/index'
import { platform } from '@/platform'
import { recordBrowserExits } from '@tests/support/browserExits'
import { askedGets, fail, firstScreenKeys, mockHttp } from '@tests/support/mockHttp'
import { navigations } from '@tests/support/taroMock'
import { ONLINE } from '@tests/support/fixtures/catalog'
import { order } from '@tests/support/fixtures/orders'
import { guest, resetStores, settle, signedIn } from '@tests/components/account/accountTestKit'

const LANGS: Language[] = ['en', 'zh']
const HOUR = 3600_000
// The device's clock is a day ahead of the server's: countdowns must follow the server.
const SERVER_NOW = Date.now() - 24 * HOUR
const iso = (ms: number) => new Date(ms).toISOString()

function campaign(patch: Partial<Campaign> = {}): Campaign {
  return {
    id: '501', name: 'Tea group buy', nameContent: { en: 'Tea group buy', zh: '茶叶拼团' },
    description: 'Five neighbours, one order.', descriptionContent: { en: 'Five neighbours, one order.', zh: '五位邻居一起下单。' },
    cover: null, target: 3, participants: 1, status: 'OPEN', startsAt: iso(SERVER_NOW - HOUR), endsAt: iso(SERVER_NOW + 2 * HOUR),
    localStoreName: { en: 'Downtown Toronto', zh: '多伦多市中心店' }, fromPrice: 2499, regularPrice: 3299, currency: 'CAD', ...patch
  }
}

const item = (patch: Partial<CampaignItem> = {}): CampaignItem => ({
  id: '9001', campaignId: '501', productId: '1011', name: 'West Lake Longjing', nameContent: { en: 'West Lake Longjing', zh: '西湖龙井' },
  image: null, optionPair: '', optionLabels: [], campaignPrice: 2499, regularPrice: 3299, currency: 'CAD', available: 7, limitPerShopper: 2, ...patch
})

const cartOf = (quantity: number, c: Campaign = campaign()): CampaignCart => ({
  campaign: c, lines: quantity ? [{ item: item(), quantity, lineTotal: 2499 * quantity }] : [], itemCount: quantity,
  subtotal: 2499 * quantity, savings: 800 * quantity, total: 2499 * quantity, currency: 'CAD', reservedOrderID: null, serverTime: iso(SERVER_NOW)
})

const TEXT = {
  en: {
    joined: '1 of 3 joined', left: '7 left', limit: 'Up to 2 per shopper', join: 'Join the group', regular: 'Regular price',
    endsIn: /^Ends in (01:59:5\d|02:00:00)$/, failed: 'The group did not fill up in time; every payment is refunded.',
    pickup: 'Pick up at Downtown Toronto once the group is complete', notFound: 'This group buy does not exist.', pay: 'Pay and join', cartTitle: 'Group-buy cart', backToCampaign: 'Back to the group buy',
    total: 'Total', save: 'You save', waiting: 'Group buy: waiting for the group', succeeded: 'Group buy succeeded',
    refundPending: 'Group did not fill up: refund pending', nobody: 'Nobody has joined yet: be the first.', soldOut: 'All taken',
    inOne: "You're in: 1 unit, order 100012", inTwo: "You're in: 2 units, order 100012", joinMore: 'Join with more',
    invite: 'Invite friends so the group fills up before the end.', viewOrder: 'View order', viewOrders: 'View your orders',
    limitReached: 'You have the most allowed per shopper',
    succeededYou: 'The group is complete: your order will be prepared for pickup at Downtown Toronto.',
    wasIn: 'You joined: 3 units, orders 100014, 100012', refunded: 'Group did not fill up: refunded',
    pending: 'Payment pending: order 100013 joins the group once it is paid.', closing: 'Group buy: ended, being settled'
  },
  zh: {
    joined: '已拼 1/3 人', left: '剩余 7 件', limit: '每人限购 2 件', join: '参加拼团', regular: '原价',
    endsIn: /^剩余 (01:59:5\d|02:00:00)$/, failed: '未能按时成团，所有付款将自动退款。',
    pickup: '成团后到多伦多市中心店自取', notFound: '该拼团不存在。', pay: '付款参团', cartTitle: '拼团购物车', backToCampaign: '返回拼团',
    total: '合计', save: '节省', waiting: '拼团：等待成团', succeeded: '拼团成功',
    refundPending: '拼团未成：退款处理中', nobody: '还没有人参团，快来做第一个吧。', soldOut: '已抢光',
    inOne: '你已参团：1 件，订单 100012', inTwo: '你已参团：2 件，订单 100012', joinMore: '追加购买',
    invite: '邀请好友参团，在截止前凑满人数。', viewOrder: '查看订单', viewOrders: '查看我的订单',
    limitReached: '你已买满每人限购数量',
    succeededYou: '已成团：你的订单将备货，请到多伦多市中心店自取。',
    wasIn: '你参加了此团：3 件，订单 100014, 100012', refunded: '拼团未成：已退款',
    pending: '待付款：订单 100013 付款后即参团。', closing: '拼团：已截止，结算中'
  }
}

function campaignServer(
  c: Campaign = campaign(),
  participants = [{ name: 'M**g', joinedAt: iso(SERVER_NOW - HOUR / 2), invited: false }],
  participation: CampaignParticipation | null = null
) {
  return mockHttp({
    'GET /common3/campaign/fission/501': { campaign: c, serverTime: iso(SERVER_NOW), participation },
    'GET /productManagement2/campaignProductItem/list/all': { items: [item()] },
    'GET /common3/orders/list': { campaignId: '501', participants, serverTime: iso(SERVER_NOW) },
    'POST /shoppingManagement4/myCart/fc/501': cartOf(1)
  })
}

describe.each(LANGS)('campaign page (%s)', (lang) => {
  const text = TEXT[lang]

  it('shows the campaign: texts, campaign beside regular price, stock, limit, progress, participants and the countdown on the server clock', async () => {
    resetStores(guest(), lang, '/store/groupCampaign/501')
    const http = campaignServer()
    const { container } = render(<GroupCampaignPage />)
    expect(await screen.findByText(text.joined)).toBeTruthy()
    // the GETs the server answers ahead for this page (shared/firstScreen.ts) are the ones it asks
    expect(askedGets(http)).toEqual(expect.arrayContaining(firstScreenKeys('/store/groupCampaign/501')))
    expect(screen.getByText(lang === 'en' ? 'Five neighbours, one order.' : '五位邻居一起下单。')).toBeTruthy()
    expect(screen.getByText(text.pickup)).toBeTruthy()
    expect(screen.getByText(text.left)).toBeTruthy()
    expect(screen.getByText(text.limit)).toBeTruthy()
    const itemEl = container.querySelector('.campaign-item') as HTMLElement
    expect(itemEl.querySelector('.campaign-item__price')?.textContent).toContain('24.99')
    expect(within(itemEl).getByText(text.regular, { exact: false }).textContent).toContain('32.99')
    // the two prices read apart, not "$24.99Regular price $32.99"
    expect(itemEl.querySelector('.campaign-item__prices')?.textContent).toMatch(new RegExp(`^\\S*24\\.99 ${text.regular} \\S*32\\.99$`))
    expect(container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('1')
    expect(screen.getByText('M**g')).toBeTruthy()
    // not in the group: no "You're in", the plain join
    expect(container.querySelector('.campaign-you')).toBeNull()
    expect(screen.getByText(text.join)).toBeTruthy()
    const clock = container.querySelector('.campaign-clock') as HTMLElement
    expect(clock.textContent).toMatch(text.endsIn)
    expect(Number(clock.dataset.remaining)).toBeGreaterThan(2 * 3600 - 15)
    expect(http.calls.find((c) => c.path === '/productManagement2/campaignProductItem/list/all')?.query).toEqual({ fissionCampaignId: '501' })
    expect(http.calls.find((c) => c.path === '/common3/orders/list')?.query).toEqual({ fissionCampaignId: '501' })
  })

  it('a guest who joins is sent to sign in and back', async () => {
    resetStores(guest(), lang, '/store/groupCampaign/501?FissionSale=501&inviter=ref-9')
    const http = campaignServer()
    render(<GroupCampaignPage />)
    fireEvent.click(await screen.findByText(text.join))
    await settle()
    expect(http.calls.some((c) => c.method === 'POST')).toBe(false)
    expect(navigations.at(-1)?.url).toBe(`/account/login?redirect=${encodeURIComponent('/store/groupCampaign/501?FissionSale=501&inviter=ref-9')}`)
  })

  it('a signed-in shopper joins through a share link: the inviter goes with the item, then the campaign cart opens', async () => {
    resetStores(signedIn(), lang, '/store/groupCampaign/501?FissionSale=501&inviter=ref-9')
    const http = campaignServer()
    render(<GroupCampaignPage />)
    fireEvent.click(await screen.findByText(text.join))
    await waitFor(() => expect(navigations.at(-1)?.url).toBe('/checkout/campaignCart?FissionSale=501&inviter=ref-9'))
    expect(http.calls.find((c) => c.method === 'POST')?.body).toEqual({ itemId: '9001', quantity: 1, inviter: 'ref-9' })
  })

  it('a join refused because the item sold out meanwhile says why and shows that item as it is now (campaignProductItem/{id})', async () => {
    resetStores(signedIn(), lang, '/store/groupCampaign/501')
    const http = campaignServer()
    http.set('POST /shoppingManagement4/myCart/fc/501', fail(409, 'Only 0 left in this campaign'))
    http.set('GET /productManagement2/campaignProductItem/9001', item({ available: 0 }))
    render(<GroupCampaignPage />)
    fireEvent.click(await screen.findByText(text.join))
    expect(await screen.findByText(text.soldOut)).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Only 0 left in this campaign')
    expect(screen.queryByText(text.left)).toBeNull()
    const gets = http.calls.filter((c) => c.method === 'GET').map((c) => c.path)
    expect(gets.filter((p) => p === '/productManagement2/campaignProductItem/9001')).toHaveLength(1)
    // the one item, not the whole list again
    expect(gets.filter((p) => p === '/productManagement2/campaignProductItem/list/all')).toHaveLength(1)
    expect(navigations.some((n) => n.url.startsWith('/checkout/campaignCart'))).toBe(false)
  })

  it('sharing passes on the campaign, the sharer as inviter and as referrer', async () => {
    resetStores(signedIn(), lang, '/store/groupCampaign/501')
    campaignServer()
    const sharePage = jest.spyOn(platform, 'sharePage').mockResolvedValue('shared')
    try {
      const { container } = render(<GroupCampaignPage />)
      await screen.findByText(text.joined)
      fireEvent.click(container.querySelector('.campaign-page__share .share-actions__button') as HTMLElement)
      await waitFor(() => expect(sharePage).toHaveBeenCalledWith({ title: lang === 'en' ? 'Tea group buy' : '茶叶拼团', path: '/store/groupCampaign/501?FissionSale=501&inviter=ref-1001&ref=ref-1001' }))
    } finally {
      sharePage.mockRestore()
    }
  })

  it('a failed campaign says every payment is refunded and offers no joining', async () => {
    resetStores(signedIn(), lang, '/store/groupCampaign/501')
    campaignServer(campaign({ status: 'FAILED', endsAt: iso(SERVER_NOW - HOUR) }), [])
    render(<GroupCampaignPage />)
    expect(await screen.findByText(text.failed)).toBeTruthy()
    expect(screen.getByText(text.nobody)).toBeTruthy()
    expect(screen.queryByText(text.join)).toBeNull()
  })

  const joined = (units: number, patch: Partial<CampaignParticipation> = {}): CampaignParticipation => ({
    state: 'JOINED', units, orderIDs: ['100012'], pendingOrderID: null, items: [{ itemId: '9001', units }], ...patch
  })

  it('a paid participant below the limit: "You\'re in" with units and order, the order link, the invitation with sharing, "Join with more"', async () => {
    resetStores(signedIn(), lang, '/store/groupCampaign/501')
    const http = campaignServer(campaign(), undefined, joined(1))
    const { container } = render(<GroupCampaignPage />)
    expect(await screen.findByText(text.inOne)).toBeTruthy()
    const you = container.querySelector('.campaign-you[data-participation="JOINED"]') as HTMLElement
    expect(you.querySelector('.campaign-you__headline')?.textContent).toBe(text.inOne)
    expect(within(you).getByText(text.invite)).toBeTruthy()
    // the share actions go with the invitation, once
    expect(container.querySelectorAll('.campaign-page__share')).toHaveLength(1)
    expect(you.querySelector('.campaign-page__share .share-actions__button')).not.toBeNull()
    expect(screen.queryByText(text.join)).toBeNull()
    fireEvent.click(screen.getByText(text.joinMore))
    await waitFor(() => expect(http.calls.find((c) => c.method === 'POST')?.body).toEqual({ itemId: '9001', quantity: 1 }))
    fireEvent.click(within(you).getByText(text.viewOrder))
    expect(navigations.at(-1)?.url).toBe('/user/orders/100012')
  })

  it('at the per-shopper limit the page offers no joining and says why', async () => {
    resetStores(signedIn(), lang, '/store/groupCampaign/501')
    campaignServer(campaign(), undefined, joined(2))
    const { container } = render(<GroupCampaignPage />)
    expect(await screen.findByText(text.inTwo)).toBeTruthy()
    expect(within(container.querySelector('.campaign-item') as HTMLElement).getByText(text.limitReached)).toBeTruthy()
    expect(container.querySelector('.campaign-item__join')).toBeNull()
  })

  it('a reserved order not paid yet: payment pending, with the way to pay; joining stays as it was', async () => {
    resetStores(signedIn(), lang, '/store/groupCampaign/501')
    campaignServer(campaign(), undefined, { state: 'PAYMENT_PENDING', units: 1, orderIDs: ['100013'], pendingOrderID: '100013', items: [] })
    const { container } = render(<GroupCampaignPage />)
    expect(await screen.findByText(text.pending)).toBeTruthy()
    expect(container.querySelector('.campaign-you__outcome')).toBeNull()
    expect(screen.queryByText(text.viewOrder)).toBeNull()
    expect(screen.getByText(text.join)).toBeTruthy()
    fireEvent.click(within(container.querySelector('.campaign-you') as HTMLElement).getByText(text.pay))
    expect(navigations.at(-1)?.url).toBe('/checkout/campaignCart?FissionSale=501')
  })

  it('the group succeeded: the shopper\'s order will be prepared for pickup; nothing to join or share', async () => {
    resetStores(signedIn(), lang, '/store/groupCampaign/501')
    campaignServer(campaign({ status: 'SUCCEEDED', participants: 3, endsAt: iso(SERVER_NOW - HOUR) }), undefined, joined(1))
    const { container } = render(<GroupCampaignPage />)
    expect(await screen.findByText(text.inOne)).toBeTruthy()
    expect(container.querySelector('.campaign-you__outcome')?.textContent).toBe(text.succeededYou)
    expect(screen.queryByText(text.invite)).toBeNull()
    expect(screen.queryByText(text.joinMore)).toBeNull()
    expect(container.querySelector('.campaign-item__join')).toBeNull()
  })

  it('the end passed and the group is being settled: the order waits for it', async () => {
    resetStores(signedIn(), lang, '/store/groupCampaign/501')
    campaignServer(campaign({ endsAt: iso(SERVER_NOW - 1000) }), undefined, joined(1))
    const { container } = render(<GroupCampaignPage />)
    expect(await screen.findByText(text.inOne)).toBeTruthy()
    expect(container.querySelector('.campaign-you__outcome')?.textContent).toBe(text.closing)
  })

  it.each([
    ['REFUND_PENDING', 'refundPending'],
    ['REFUNDED', 'refunded']
  ] as const)('the group failed (%s): where the shopper\'s money is, and the link to their orders', async (state, outcome) => {
    resetStores(signedIn(), lang, '/store/groupCampaign/501')
    campaignServer(campaign({ status: 'FAILED', endsAt: iso(SERVER_NOW - HOUR) }), [], {
      state, units: 3, orderIDs: ['100014', '100012'], pendingOrderID: null, items: []
    })
    const { container } = render(<GroupCampaignPage />)
    expect(await screen.findByText(text.wasIn)).toBeTruthy()
    expect(container.querySelector('.campaign-you__outcome')?.textContent).toBe(text[outcome])
    fireEvent.click(screen.getByText(text.viewOrders))
    expect(navigations.at(-1)?.url).toBe('/user/orders')
  })

  it('an unknown campaign says so', async () => {
    resetStores(guest(), lang, '/store/groupCampaign/404')
    mockHttp({})
    render(<GroupCampaignPage />)
    expect(await screen.findByText(text.notFound)).toBeTruthy()
  })
})

describe.each(LANGS)('campaign cart (%s)', (lang) => {
  const text = TEXT[lang]
  const exits = recordBrowserExits()

  function cartServer() {
    return mockHttp({
      'GET /shoppingManagement4/myCart/fc/501': cartOf(1),
      'PUT /shoppingManagement4/myCart/fc/501': (req: { data: { quantity: number } }) => cartOf(req.data.quantity),
      'GET /shoppingManagement4/paymentConfig': { currency: 'CAD', methods: [], onlineProviders: { ...ONLINE, h5Channels: ['OTT'] } },
      'POST /shoppingManagement4/myCart/fc/501/reserve': { orderID: '100031', total: 4998, currency: 'CAD', reused: false },
      'POST /shoppingManagement4/requestOTTH5Payment': { orderID: '100031', redirectUrl: 'http://localhost/api/istore/client/sandbox/pay/xyz' }
    })
  }

  it('shows the lines at the campaign price, changes a quantity on the server, and pays: reserve, then the payment page', async () => {
    resetStores(signedIn(), lang, '/checkout/campaignCart?FissionSale=501')
    const http = cartServer()
    const { container } = render(<CampaignCartPage />)
    expect(await screen.findByText(text.pay)).toBeTruthy()
    expect(screen.getByText(text.save)).toBeTruthy()
    // Issue 42 n-13: the checkout's focused shell (slim header back to the campaign; no menu, footer or tab bar) and the
    // store's red primary button, not Taro's green one.
    const header = container.querySelector('.checkout-header') as HTMLElement
    expect(header).not.toBeNull()
    expect(header.textContent).toContain(text.cartTitle)
    expect(header.textContent).toContain(text.backToCampaign)
    expect(container.querySelector('.tab-bar, .footer, .header__menu, .side-menu')).toBeNull()
    const pay = screen.getByText(text.pay).closest('.campaign-cart__pay') as HTMLElement
    expect(pay.classList.contains('primary-button')).toBe(true)
    expect(pay.getAttribute('type')).not.toBe('primary')
    // Taro's input web component renders its inner <input> late; a new value before that throws inside it.
    await waitFor(() => expect(container.querySelector('.campaign-cart__line .quantity-stepper__input input')).not.toBeNull())
    fireEvent.click(container.querySelector('.campaign-cart__line .quantity-stepper__increase') as HTMLElement)
    await waitFor(() => expect(http.calls.find((c) => c.method === 'PUT')?.body).toEqual({ itemId: '9001', quantity: 2 }))
    await waitFor(() => expect(container.querySelector('.campaign-cart__row--total')?.textContent).toContain('49.98'))
    fireEvent.click(screen.getByText(text.pay))
    await waitFor(() => expect(exits).toEqual(['http://localhost/api/istore/client/sandbox/pay/xyz']))
    const posts = http.calls.filter((c) => c.method === 'POST').map((c) => c.path)
    expect(posts).toEqual(['/shoppingManagement4/myCart/fc/501/reserve', '/shoppingManagement4/requestOTTH5Payment'])
  })

  it('a guest is sent to sign in first', async () => {
    resetStores(guest(), lang, '/checkout/campaignCart?FissionSale=501')
    const http = cartServer()
    render(<CampaignCartPage />)
    await waitFor(() => expect(navigations.at(-1)?.url).toBe(`/account/login?redirect=${encodeURIComponent('/checkout/campaignCart?FissionSale=501')}`))
    expect(http.calls.some((c) => c.path.startsWith('/shoppingManagement4/myCart/fc'))).toBe(false)
  })
})

describe.each(LANGS)('campaign order states (%s)', (lang) => {
  const text = TEXT[lang]
  const campaignOf = (status: Campaign['status'], participants: number) => ({
    id: '501', nameContent: { en: 'Tea group buy', zh: '茶叶拼团' }, status, participants, target: 3, endsAt: iso(SERVER_NOW + HOUR)
  })
  const paid = { status: 'NEW' as const, paymentStatus: 'PAID_ONLINE' as const }

  it('the order list shows each campaign order\'s group state, and normal orders none', async () => {
    resetStores(signedIn(), lang, '/user/orders')
    mockHttp({
      'GET /admin/orderManagement/orders/count': { count: 4 },
      'GET /admin/orderManagement/orders/list': {
        orders: [
          order('100040', { ...paid, campaign: campaignOf('OPEN', 2) }),
          order('100041', { ...paid, campaign: campaignOf('SUCCEEDED', 3) }),
          order('100042', { ...paid, campaign: campaignOf('FAILED', 1) }),
          order('100043')
        ],
        startingPosition: 0, numberToLoad: 10, hasMore: false
      }
    })
    const { container } = render(<OrderList />)
    await waitFor(() => expect(container.querySelectorAll('.order-row')).toHaveLength(4))
    const states = Array.from(container.querySelectorAll('.order-row')).map((row) => row.querySelector('.campaign-order-state')?.textContent ?? null)
    expect(states).toEqual([text.waiting, text.succeeded, text.refundPending, null])
  })

  it('the order detail shows the campaign, its state and progress, and opens the campaign', async () => {
    resetStores(signedIn(), lang, '/user/orders/100040')
    mockHttp({ 'GET /admin/orderManagement/order/100040': order('100040', { ...paid, campaign: campaignOf('OPEN', 2) }) })
    const { container } = render(<OrderDetail orderID="100040" />)
    expect(await screen.findByText(text.waiting)).toBeTruthy()
    expect(container.querySelector('.order-detail__campaign [role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('2')
    fireEvent.click(screen.getByText(lang === 'en' ? 'Tea group buy' : '茶叶拼团'))
    expect(navigations.at(-1)?.url).toBe('/store/groupCampaign/501')
  })
})

describe.each(LANGS)('campaign row on home and /store (%s)', (lang) => {
  const text = TEXT[lang]

  it('shows the open campaigns with price, progress and the countdown on the server clock; a tap opens the campaign', async () => {
    resetStores(guest(), lang, '/store')
    const closed = campaign({ id: '503', status: 'SUCCEEDED', participants: 3, endsAt: iso(SERVER_NOW - HOUR) })
    mockHttp({ 'GET /common3/campaign/fissionList': { campaigns: [campaign(), closed], serverTime: iso(SERVER_NOW) } })
    const { container } = render(<CampaignRow />)
    await waitFor(() => expect(container.querySelectorAll('.campaign-card')).toHaveLength(1))
    const card = container.querySelector('.campaign-card[data-campaign-id="501"]') as HTMLElement
    expect(within(card).getByText(lang === 'en' ? 'Tea group buy' : '茶叶拼团')).toBeTruthy()
    expect(within(card).getByText(text.joined)).toBeTruthy()
    expect(card.querySelector('.price__now')?.textContent).toContain('24.99')
    expect(card.querySelector('.price__was')?.textContent).toContain('32.99')
    expect(card.querySelector('.campaign-clock')?.textContent).toMatch(text.endsIn)
    fireEvent.click(card)
    expect(navigations.at(-1)?.url).toBe('/store/groupCampaign/501')
  })

  it('shows nothing when no campaign is open', async () => {
    resetStores(guest(), lang, '/')
    const http = mockHttp({ 'GET /common3/campaign/fissionList': { campaigns: [], serverTime: iso(SERVER_NOW) } })
    const { container } = render(<CampaignRow />)
    await waitFor(() => expect(http.calls).toHaveLength(1))
    await settle()
    expect(container.querySelector('.campaign-row')).toBeNull()
  })
})
