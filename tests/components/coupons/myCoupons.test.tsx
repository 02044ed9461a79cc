/** My account's coupons (GET /common3/coupons/ and /{code}): the list with the shopper's own first, and "Have a code?" — en and zh. */
import { fireEvent, render, screen, within } from '@testing-library/react'
import { MyCoupons } from '@/components/coupons/MyCoupons'
import type { Language } from '@/i18n'
import '@/i18n/more'
import { fail, mockHttp } from '../../support/mockHttp'
import { LANGS, resetStores, settle, signedIn, type } from '../account/accountTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    title: 'My coupons', personal: 'Just for you', staff: '$50 staff voucher', anyOrder: 'On any order', over30: 'On orders of $30.00 or more',
    none: 'No coupons for you right now.', check: 'Check', unknown: 'No coupon GUESS1 for you.', expired: 'Coupon SPRING20 has expired.',
    spring: '20% off (spring sale, ended)'
  },
  zh: {
    title: '我的优惠券', personal: '专属于您', staff: '员工50加元代金券', anyOrder: '任意订单可用', over30: '订单满 $30.00 可用',
    none: '目前没有可用的优惠券。', check: '查询', unknown: '没有适用于您的优惠码 GUESS1。', expired: '优惠码 SPRING20 已过期。',
    spring: '春季特卖8折（已结束）'
  }
}

const coupon = (code: string, type: 'PERCENT' | 'FIXED', value: number, minSubtotal: number, en: string, zh: string, more: { personal?: boolean; expiresAt?: string | null; expired?: boolean } = {}) => ({
  code, type, value, minSubtotal, description: en, descriptionContent: { en, zh }, expiresAt: more.expiresAt ?? null, expired: more.expired ?? false, personal: more.personal ?? false
})
const STAFF = coupon('STAFF50', 'FIXED', 5000, 0, '$50 staff voucher', '员工50加元代金券', { personal: true })
const SAVE5 = coupon('SAVE5', 'FIXED', 500, 3000, '$5 off orders over $30', '满30加元减5加元')
const SPRING = coupon('SPRING20', 'PERCENT', 20, 0, '20% off (spring sale, ended)', '春季特卖8折（已结束）', { expiresAt: '2024-05-31T23:59:59.000Z', expired: true })

const card = (code: string) => within(document.querySelector(`.my-coupons [data-coupon="${code}"]`) as HTMLElement)

describe.each(LANGS)('my coupons (%s)', (lang) => {
  const text = TEXT[lang]

  it('lists the coupons the shopper may use, their own marked, with each one’s minimum', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = mockHttp({ 'GET /common3/coupons/': { coupons: [STAFF, SAVE5] } })
    render(<MyCoupons />)
    expect(await screen.findByText(text.staff)).toBeInTheDocument()
    expect(screen.getByText(text.title)).toBeInTheDocument()
    expect(card('STAFF50').getByText(text.personal)).toBeInTheDocument()
    expect(card('STAFF50').getByText(text.anyOrder)).toBeInTheDocument()
    expect(card('SAVE5').queryByText(text.personal)).toBeNull()
    expect(card('SAVE5').getByText(text.over30)).toBeInTheDocument()
    expect(http.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /common3/coupons/'])
  })

  it('says so when there are none', async () => {
    resetStores(signedIn(), lang, '/user/list')
    mockHttp({ 'GET /common3/coupons/': { coupons: [] } })
    render(<MyCoupons />)
    expect(await screen.findByText(text.none)).toBeInTheDocument()
  })

  it('"Have a code?" shows a code’s terms, that an old one has expired, and that an unknown one is not for them', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = mockHttp({
      'GET /common3/coupons/': { coupons: [] },
      'GET /common3/coupons/SPRING20': SPRING,
      'GET /common3/coupons/GUESS1': fail(404, "Coupon 'GUESS1' not found")
    })
    const { container } = render(<MyCoupons />)
    await screen.findByText(text.none)
    await type(container, 'lookupCoupon', ' spring20 ')
    fireEvent.click(screen.getByText(text.check))
    expect(await screen.findByText(text.expired)).toBeInTheDocument()
    expect(screen.getByText(text.spring)).toBeInTheDocument()
    await type(container, 'lookupCoupon', 'guess1')
    expect(screen.queryByText(text.expired)).toBeNull()
    fireEvent.click(screen.getByText(text.check))
    expect(await screen.findByText(text.unknown)).toBeInTheDocument()
    expect(http.calls.map((c) => c.path)).toEqual(['/common3/coupons/', '/common3/coupons/SPRING20', '/common3/coupons/GUESS1'])
    await settle()
  })

  it('a failed list offers a retry that loads it again', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = mockHttp({ 'GET /common3/coupons/': fail(503, 'Service unavailable') })
    render(<MyCoupons />)
    expect(await screen.findByRole('alert')).toBeInTheDocument()
    http.set('GET /common3/coupons/', { coupons: [SAVE5] })
    fireEvent.click(screen.getByText(lang === 'en' ? 'Try again' : '重试'))
    expect(await screen.findByText(text.over30)).toBeInTheDocument()
  })
})
