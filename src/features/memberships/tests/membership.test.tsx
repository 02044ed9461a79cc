/** The membership page (issue 13): the offer for guests and non-members, my membership, renew, and WeChat on iOS. */
import { fireEvent, render, screen } from '@testing-library/react'
import MembershipPage from '@/packages/user/pages/membership/index'
import { platform } from '@/platform'
import { useAppInfo } from '@/stores/appInfo'
import type { Language } from '@/i18n'
import { mockHttp } from '@tests/support/mockHttp'
import { navigations } from '@tests/support/taroMock'
import { cartOf, line } from '@tests/support/fixtures/catalog'
import { guest, LANGS, resetStores, settle, signedIn } from '@tests/components/account/accountTestKit'
import { memberDetail, membershipProducts, noMembership, plansPage } from '@tests/components/members/membersTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    offer: 'Become a member', signIn: 'Sign in to buy', buyMonth: 'Buy 1 month', renewMonth: 'Renew: 1 month', mine: 'My membership',
    none: 'You are not a member yet.', level: 'Maple Member', saved: 'Saved so far', until: 'Valid until', benefit: '• Member prices on the whole shop',
    blocked: 'Memberships cannot be bought in the mini-program on iPhone or iPad', planName: 'Membership: lifetime', renewNote: 'A renewal starts when your current membership ends'
  },
  zh: {
    offer: '成为会员', signIn: '登录后购买', buyMonth: '购买1个月', renewMonth: '续费：1个月', mine: '我的会员',
    none: '您还不是会员。', level: '枫叶会员', saved: '累计节省', until: '有效期至', benefit: '• 全店会员价',
    blocked: '在 iPhone 或 iPad 的小程序中无法购买会员', planName: '会员：终身', renewNote: '续费从当前会员到期时起算'
  }
}

afterEach(() => jest.restoreAllMocks())

describe.each(LANGS)('membership page (%s)', (lang) => {
  const text = TEXT[lang]

  it('a guest sees the offer and the benefits, and signs in to buy; nothing personal is asked for', async () => {
    resetStores(guest(), lang, '/user/membership')
    const http = mockHttp({ 'GET /productManagement2/products': plansPage() })
    render(<MembershipPage />)
    expect(await screen.findByText(text.planName)).toBeInTheDocument()
    expect(screen.getByText(text.offer)).toBeInTheDocument()
    expect(screen.getByText(text.benefit)).toBeInTheDocument()
    expect(http.calls.find((c) => c.path === '/productManagement2/products')?.query).toEqual({ productType: 'MEMBERSHIP', recordStatus: 'ACTIVE', sortby: 'default', infiniteLoad: 'false' })
    expect(http.calls.some((c) => c.path.includes('membershipDetail') || c.path.includes('membershipProducts'))).toBe(false)
    fireEvent.click(screen.getAllByText(text.signIn)[0])
    expect(navigations).toEqual([{ kind: 'navigateTo', url: `/account/login?redirect=${encodeURIComponent('/user/membership')}` }])
  })

  it('a signed-in non-member buys a plan: it goes into the cart and the cart opens', async () => {
    resetStores(signedIn(), lang, '/user/membership')
    const http = mockHttp({
      'GET /admin/userManagement/membershipProducts': membershipProducts(),
      'GET /admin/userManagement/membershipDetail': noMembership,
      'POST /shoppingManagement4/myCart': cartOf(line({ itemKey: '1064', productId: '1064', unitPrice: 499 }))
    })
    render(<MembershipPage />)
    expect(await screen.findByText(text.none)).toBeInTheDocument()
    fireEvent.click(await screen.findByText(text.buyMonth))
    await settle()
    expect(http.calls.find((c) => c.method === 'POST')?.body).toEqual({ productId: '1064', quantity: 1 })
    // Spec §7: a signed-in shopper's plans come from membershipProducts, not the catalogue list.
    expect(http.calls.filter((c) => c.method === 'GET').map((c) => c.path).sort()).toEqual(['/admin/userManagement/membershipDetail', '/admin/userManagement/membershipProducts'])
    expect(navigations.at(-1)).toEqual({ kind: 'navigateTo', url: '/checkout/cart' })
  })

  it('a member sees level, since, until and savings, renews, and app info follows the fresh membership', async () => {
    resetStores(signedIn(), lang, '/user/membership')
    mockHttp({ 'GET /admin/userManagement/membershipProducts': membershipProducts(), 'GET /admin/userManagement/membershipDetail': memberDetail })
    render(<MembershipPage />)
    expect(await screen.findByText(text.level)).toBeInTheDocument()
    expect(screen.getByText(text.saved)).toBeInTheDocument()
    expect(screen.getByText('$12.50')).toBeInTheDocument()
    expect(screen.getByText(text.until)).toBeInTheDocument()
    expect(screen.getByText('2027-01-01')).toBeInTheDocument()
    expect(screen.getByText(text.renewMonth)).toBeInTheDocument()
    expect(screen.getByText(new RegExp(text.renewNote))).toBeInTheDocument()
    expect(useAppInfo.getState().info?.membership).toEqual(memberDetail.membership)
  })

  it('WeChat on iOS (the adapter says no virtual goods): the membership and benefits show, no purchase button, a note says where to buy', async () => {
    jest.spyOn(platform, 'virtualGoodsPurchase').mockReturnValue(false)
    resetStores(signedIn(), lang, '/user/membership')
    const http = mockHttp({ 'GET /admin/userManagement/membershipProducts': membershipProducts(), 'GET /admin/userManagement/membershipDetail': memberDetail })
    const { container } = render(<MembershipPage />)
    expect(await screen.findByText(text.planName)).toBeInTheDocument()
    expect(await screen.findByText(text.level)).toBeInTheDocument()
    expect(screen.getByText(text.benefit)).toBeInTheDocument()
    expect(screen.getByText(new RegExp(text.blocked))).toBeInTheDocument()
    expect(screen.queryByText(text.renewMonth)).toBeNull()
    expect(screen.queryByText(text.buyMonth)).toBeNull()
    expect(container.querySelector('.members-plan__buy, .members-plan__signin')).toBeNull()
    expect(http.calls.some((c) => c.method === 'POST')).toBe(false)
  })
})
