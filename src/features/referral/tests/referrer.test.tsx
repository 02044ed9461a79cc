/** The referrer area (issue 13): link and stats, groups, users and orders 10 a page, charts with their tables, empty states. */
import { fireEvent, render, screen, within } from '@testing-library/react'
import ReferrerPage from '@/packages/user/pages/referrer/index'
import { useAppInfo } from '@/stores/appInfo'
import type { Language } from '@/i18n'
import { mockHttp } from '@tests/support/mockHttp'
import { LANGS, resetStores, settle, signedIn } from '@tests/components/account/accountTestKit'
import { chart, generalInfo, groups, ordersPage, usersPage } from './referralKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    myID: 'My referral ID: RABC123', pending: 'Commission pending', earned: 'Commission earned', reversed: 'Commission reversed',
    join: 'Join Ambassadors', current: 'Your group', page1: 'Page 1 of 2', page2: 'Page 2 of 2', next: 'Next', prev: 'Previous',
    noUsers: 'Nobody has registered through your link yet.', noOrders: 'No orders from the friends you introduced yet.',
    usersChart: 'Users introduced', ordersChart: 'Orders introduced', weeks: 'Weeks', lastWeeks: 'Last 12 weeks', zone: "Dates in the store's time zone (America/Toronto).",
    reversedState: 'Reversed', credited: 'Credited', order: 'Order 100042', copy: 'Share', copied: 'Link copied — paste it anywhere to share',
    noUsersChart: 'Nobody has signed up through your link in this period yet. Share your link to start.',
    noOrdersChart: 'No orders through your link in this period yet.'
  },
  zh: {
    myID: '我的推荐码：RABC123', pending: '待结算佣金', earned: '已入账佣金', reversed: '已扣回佣金',
    join: '加入推广大使', current: '当前分组', page1: '第 1 / 2 页', page2: '第 2 / 2 页', next: '下一页', prev: '上一页',
    noUsers: '还没有人通过您的链接注册。', noOrders: '您推荐的好友还没有订单。',
    usersChart: '推荐用户', ordersChart: '推荐订单', weeks: '按周', lastWeeks: '最近 12 周', zone: '日期按本店时区（America/Toronto）计算。',
    reversedState: '已扣回', credited: '已入账', order: '订单 100042', copy: '分享', copied: '链接已复制，可粘贴分享',
    noUsersChart: '这段时间还没有人通过您的链接注册。分享您的链接，开始推荐吧。',
    noOrdersChart: '这段时间还没有通过您的链接下的订单。'
  }
}

const DAYS = chart('day', [['2026-11-08', 0, 0], ['2026-11-09', 1, 3299], ['2026-11-10', 2, 0], ['2026-11-11', 0, 0]])
const NO_DAYS = chart('day', [['2026-11-08', 0, 0], ['2026-11-09', 0, 0], ['2026-11-10', 0, 0]])

function serve(overrides: Record<string, unknown> = {}) {
  return mockHttp({
    'GET /admin/trackingManagement/referrer/userTracking/GeneralInfo/': generalInfo(),
    'GET /admin/userManagement/affiliatedReferralGoups': groups(),
    'GET /admin/trackingManagement/referrer/userTracking/usersIntroduced': (req: { query: Record<string, string> }) => usersPage(Number(req.query.page), 12),
    'GET /admin/trackingManagement/referrer/userTracking/orderIntroduced': ordersPage([
      { orderID: '100042', maskedName: 'J*** B***', placedAt: '2026-11-09T15:00:00.000Z', status: 'CANCELLED', goodsTotal: 3299, commission: 164, reversed: 164, commissionState: 'REVERSED' },
      { orderID: '100041', maskedName: 'J*** B***', placedAt: '2026-11-08T15:00:00.000Z', status: 'NEW', goodsTotal: 9897, commission: 494, reversed: 0, commissionState: 'CREDITED' }
    ]),
    'GET /admin/trackingManagement/referrer/summary/user': DAYS,
    'GET /admin/trackingManagement/referrer/summary/order': DAYS,
    ...overrides
  })
}

describe.each(LANGS)('referrer area (%s)', (lang) => {
  const text = TEXT[lang]

  it('general info: my id and link, introduced counts, commission pending / earned / reversed; sharing copies the link with my id', async () => {
    resetStores(signedIn(), lang, '/user/referrer')
    serve()
    Object.assign(navigator, { clipboard: { writeText: jest.fn().mockResolvedValue(undefined) } })
    render(<ReferrerPage />)
    expect(await screen.findByText(text.myID)).toBeInTheDocument()
    expect(screen.getByText(`${window.location.origin}/store?ref=ref-1001`)).toBeInTheDocument()
    expect(screen.getByText(text.pending).parentElement).toHaveTextContent('$1.65')
    expect(screen.getByText(text.earned).parentElement).toHaveTextContent('$4.94')
    expect(screen.getByText(text.reversed).parentElement).toHaveTextContent('$1.00')
    fireEvent.click(screen.getByText(text.copy))
    expect(await screen.findByText(text.copied)).toBeInTheDocument()
    expect((navigator.clipboard.writeText as jest.Mock).mock.calls[0][0]).toMatch(/\/store\?ref=ref-1001$/)
  })

  it('users introduced: 10 a page with masked names; Next and Previous ask for the page', async () => {
    resetStores(signedIn(), lang, '/user/referrer')
    const http = serve()
    const { container } = render(<ReferrerPage />)
    expect(await screen.findByText(text.page1)).toBeInTheDocument()
    const users = container.querySelector('.referrer-users') as HTMLElement
    expect(users.querySelectorAll('.referrer-row')).toHaveLength(10)
    expect(within(users).getByText('Q*** S0***')).toBeInTheDocument()
    fireEvent.click(within(users).getByText(text.next))
    expect(await within(users).findByText(text.page2)).toBeInTheDocument()
    expect(users.querySelectorAll('.referrer-row')).toHaveLength(2)
    fireEvent.click(within(users).getByText(text.prev))
    expect(await within(users).findByText(text.page1)).toBeInTheDocument()
    expect(http.calls.filter((c) => c.path.endsWith('usersIntroduced')).map((c) => c.query.page)).toEqual(['1', '2', '1'])
  })

  it('orders introduced show their commission state; a reversed order says so', async () => {
    resetStores(signedIn(), lang, '/user/referrer')
    serve()
    const { container } = render(<ReferrerPage />)
    const row = await screen.findByText(text.order)
    expect(row.closest('.referrer-row')).toHaveTextContent(text.reversedState)
    expect((container.querySelector('[data-order-id="100041"]') as HTMLElement).textContent).toContain(text.credited)
  })

  it('empty states: no users, no orders', async () => {
    resetStores(signedIn(), lang, '/user/referrer')
    serve({
      'GET /admin/trackingManagement/referrer/userTracking/usersIntroduced': usersPage(1, 0),
      'GET /admin/trackingManagement/referrer/userTracking/orderIntroduced': ordersPage([])
    })
    render(<ReferrerPage />)
    expect(await screen.findByText(text.noUsers)).toBeInTheDocument()
    expect(screen.getByText(text.noOrders)).toBeInTheDocument()
    expect(screen.queryByText(text.next)).toBeNull()
  })

  it('charts: a bar per bucket (zeros included) and a table with the same figures; another period asks again', async () => {
    resetStores(signedIn(), lang, '/user/referrer')
    const http = serve()
    render(<ReferrerPage />)
    expect(await screen.findByText(text.zone)).toBeInTheDocument()
    const tables = await screen.findAllByRole('table')
    expect(tables.map((t) => t.getAttribute('aria-label'))).toEqual([text.usersChart, text.ordersChart])
    const userRows = within(tables[0]).getAllByRole('row').slice(1)
    expect(userRows.map((r) => r.textContent)).toEqual(['2026-11-080', '2026-11-091', '2026-11-102', '2026-11-110'])
    expect(within(tables[1]).getAllByRole('row')[2]).toHaveTextContent('$32.99')
    const bars = [...document.querySelectorAll('.bar-chart')][0].querySelectorAll('.bar-chart__bar')
    expect([...bars].map((b) => (b as HTMLElement).style.height)).toEqual(['0%', '50%', '100%', '0%'])
    expect(http.calls.find((c) => c.path.endsWith('/summary/user'))?.query).toEqual({ period: 'day', count: '14' })

    fireEvent.click(screen.getByText(text.weeks))
    await settle()
    expect(screen.getByText(text.lastWeeks)).toHaveAttribute('aria-checked', 'true')
    expect(http.calls.filter((c) => c.path.endsWith('/summary/order')).at(-1)?.query).toEqual({ period: 'week', count: '12' })
  })

  it('charts with nothing in them: a sentence per chart instead of flat bars and tables of zeros', async () => {
    resetStores(signedIn(), lang, '/user/referrer')
    serve({ 'GET /admin/trackingManagement/referrer/summary/user': NO_DAYS, 'GET /admin/trackingManagement/referrer/summary/order': NO_DAYS })
    const { container } = render(<ReferrerPage />)
    expect(await screen.findByText(text.noUsersChart)).toBeInTheDocument()
    expect(await screen.findByText(text.noOrdersChart)).toBeInTheDocument()
    expect(screen.getByRole('group', { name: text.usersChart })).toHaveTextContent(text.noUsersChart)
    expect(screen.getByRole('group', { name: text.ordersChart })).toHaveTextContent(text.noOrdersChart)
    expect(screen.queryAllByRole('table')).toEqual([])
    expect(container.querySelectorAll('.bar-chart__bar')).toHaveLength(0)
  })

  it('one chart empty, the other not: only the empty one says so, the other keeps its bars and table', async () => {
    resetStores(signedIn(), lang, '/user/referrer')
    serve({ 'GET /admin/trackingManagement/referrer/summary/user': NO_DAYS })
    render(<ReferrerPage />)
    expect(await screen.findByText(text.noUsersChart)).toBeInTheDocument()
    const tables = await screen.findAllByRole('table')
    expect(tables.map((t) => t.getAttribute('aria-label'))).toEqual([text.ordersChart])
    expect(within(tables[0]).getAllByRole('row')[2]).toHaveTextContent('$32.99')
    expect(screen.queryByText(text.noOrdersChart)).toBeNull()
  })

  it('joining another group: the join call, the list marks it, app info carries the new group', async () => {
    resetStores(signedIn(), lang, '/user/referrer')
    const joined = { ...groups('2').groups[1] }
    const http = serve({
      'GET /admin/userManagement/joinAffiliatedReferralGoup/2': { group: joined, referrerUserGroup: { id: '2', name: joined.name, commissionPercent: 8 } }
    })
    const { container } = render(<ReferrerPage />)
    fireEvent.click(await screen.findByText(text.join))
    http.set('GET /admin/userManagement/affiliatedReferralGoups', groups('2'))
    await settle()
    await settle()
    expect(http.calls.some((c) => c.path === '/admin/userManagement/joinAffiliatedReferralGoup/2')).toBe(true)
    expect(container.querySelector('[data-group-id="2"]')).toHaveTextContent(text.current)
    expect(useAppInfo.getState().info?.referrerUserGroup).toEqual({ id: '2', name: joined.name, commissionPercent: 8 })
  })
})
