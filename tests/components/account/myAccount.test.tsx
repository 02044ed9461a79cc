import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { STORE_CREDIT_REASONS } from '@contract/constants'
import { MyAccount } from '@/components/account/MyAccount'
import { creditReasonLabel } from '@/components/account/orderLabels'
import { SignedIn } from '@/components/account/SignedIn'
import { translator, type Language } from '@/i18n'
import { useAppInfo } from '@/stores/appInfo'
import { useSession } from '@/stores/session'
import { fail, mockHttp, type MockHttp } from '../../support/mockHttp'
import { navigations } from '../../support/taroMock'
import { order } from '../../support/fixtures/orders'
import { emptyCart, guest, LANGS, resetStores, settle, signedIn, type, valueOf } from './accountTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    title: 'My account', addresses: 'Addresses', add: 'Add an address', save: 'Save', edit: 'Edit', required: 'This field is required.',
    phoneInvalid: 'Enter a valid phone number.', noAddresses: 'No saved addresses yet.', balance: 'Balance', signOut: 'Sign out',
    orders: 'My orders', changeImage: 'Change picture', ontario: 'Ontario', forOrder: 'Refunded from an order (order 100007)',
    remove: 'Remove', addressRemoved: 'Address removed', undo: 'Undo', recent: 'Recent orders', allOrders: 'All orders',
    province: 'Province / state', postCodeFormat: 'Enter a postal code like A1A 1A1.', postCodeProvince: 'This postal code is in another province: check the province or the code.'
  },
  zh: {
    title: '我的账户', addresses: '地址', add: '添加地址', save: '保存', edit: '编辑', required: '此项为必填项。',
    phoneInvalid: '请输入有效的电话号码。', noAddresses: '还没有保存的地址。', balance: '余额', signOut: '退出登录',
    orders: '我的订单', changeImage: '更换头像', ontario: '安大略省', forOrder: '订单退款（订单 100007）',
    remove: '删除', addressRemoved: '地址已删除', undo: '撤销', recent: '最近订单', allOrders: '全部订单',
    province: '省 / 州', postCodeFormat: '请按 A1A 1A1 的格式填写邮政编码。', postCodeProvince: '该邮政编码属于其他省份，请检查省份或邮编。'
  }
}

const CREDIT_REASONS = {
  en: ['Used on an order (order 100001)', 'Refund', 'Welcome bonus'],
  zh: ['用于订单（订单 100001）', '退款', '新人奖励']
}

const ADDRESS = {
  id: 'a1', isDefault: true, firstName: 'Lin', lastName: 'Chen', phone: '416-555-0199', streetNumberAndNameDetails: '100 Queen St W',
  city: 'Toronto', province: 'ON', postCode: 'M5H 2N2', country: 'CA'
}

function accountApi(addresses: unknown[] = [ADDRESS], creditEntries: unknown[] = [{ amount: 1500, reason: 'ORDER_REFUND', orderID: '100007', balanceAfter: 1500, createdAt: '2026-11-20T10:00:00.000Z' }]): MockHttp {
  return mockHttp({
    'GET /admin/userManagement/getAddresses/u-1001/type/SHIPPING': { addresses },
    'GET /common3/supportedCountries': [{ code: 'CA', name: 'Canada', nameContent: { en: 'Canada', zh: '加拿大' } }],
    'GET /common3/provinces/CA': [
      { code: 'BC', name: 'British Columbia', nameContent: { en: 'British Columbia', zh: '不列颠哥伦比亚省' } },
      { code: 'ON', name: 'Ontario', nameContent: { en: 'Ontario', zh: '安大略省' } }
    ],
    'GET /admin/userManagement/verifiedContact/idNumber': {
      status: 'NONE', realName: null, phone: null, idType: null, idNumber: null, idImage: null, submittedAt: null, verifiedAt: null,
      consentVersion: null, consentGivenAt: null, idDeleteAt: null, idErasedAt: null, retentionDays: 90
    },
    'GET /common3/coupons/': { coupons: [] },
    'GET /admin/storeCreditManagement/storeCreditHistory': {
      balance: 1500,
      currency: 'CAD',
      entries: creditEntries
    }
  })
}

const renderAccount = () => render(<SignedIn><MyAccount /></SignedIn>)

describe.each(LANGS)('my account (%s)', (lang) => {
  const text = TEXT[lang]

  it('a guest is sent to sign-in and brought back here after', async () => {
    resetStores(guest(), lang, '/user/list')
    const http = accountApi()
    renderAccount()
    await settle()
    expect(navigations).toEqual([{ kind: 'redirectTo', url: '/account/login?redirect=%2Fuser%2Flist' }])
    expect(screen.queryByText(text.title)).toBeNull()
    expect(http.calls).toHaveLength(0)
  })

  it('waits for app info before deciding (a signed-in shopper is not bounced while it loads)', async () => {
    resetStores(null, lang, '/user/list')
    useAppInfo.setState({ status: 'loading' })
    accountApi()
    renderAccount()
    await settle()
    expect(navigations).toHaveLength(0)
  })

  it('shows the profile, the saved address with its province, store credit and its history', async () => {
    resetStores(signedIn(), lang, '/user/list')
    accountApi()
    renderAccount()
    await settle()
    expect(screen.getByText(text.title)).toBeInTheDocument()
    // The name reads in the language's order: 姓 before 名 in Chinese.
    expect(screen.getByText(lang === 'zh' ? 'Chen Lin' : 'Lin Chen')).toBeInTheDocument()
    expect(screen.getByText('lin@example.com')).toBeInTheDocument()
    expect(screen.getByText('100 Queen St W, Toronto, ON, M5H 2N2, CA')).toBeInTheDocument()
    expect(screen.getByText(text.balance)).toBeInTheDocument()
    expect(screen.getAllByText('$15.00').length).toBeGreaterThan(0)
    expect(screen.getByText(text.forOrder)).toBeInTheDocument()
    fireEvent.click(screen.getByText(text.orders))
    expect(navigations).toEqual([{ kind: 'navigateTo', url: '/user/orders' }])
  })

  it("recent orders: the customer's newest three through customer/{id}/orders, each opening its detail, and the way to all", async () => {
    const info = signedIn()
    resetStores(info, lang, '/user/list')
    const http = accountApi()
    http.set(`GET /admin/orderManagement/customer/${info.userID}/orders`, { orders: [order('100012'), order('100011', { status: 'CANCELLED' })] })
    renderAccount()
    await settle()
    const recent = document.querySelector('.recent-orders') as HTMLElement
    expect(within(recent).getByText(text.recent)).toBeInTheDocument()
    expect([...recent.querySelectorAll('.order-row')].map((r) => r.getAttribute('data-order-id'))).toEqual(['100012', '100011'])
    expect(http.calls.find((c) => c.path === `/admin/orderManagement/customer/${info.userID}/orders`)?.query).toEqual({ numberToLoad: '3', startingPosition: '0' })
    fireEvent.click(within(recent).getByText(lang === 'en' ? 'Order 100011' : '订单 100011'))
    fireEvent.click(within(recent).getByText(text.allOrders))
    expect(navigations).toEqual([{ kind: 'navigateTo', url: '/user/orders/100011' }, { kind: 'navigateTo', url: '/user/orders' }])
  })

  it('recent orders: none yet, or not answered, and the section is left out', async () => {
    const info = signedIn()
    resetStores(info, lang, '/user/list')
    const http = accountApi()
    http.set(`GET /admin/orderManagement/customer/${info.userID}/orders`, { orders: [] })
    const first = renderAccount()
    await settle()
    expect(http.calls.some((c) => c.path === `/admin/orderManagement/customer/${info.userID}/orders`)).toBe(true)
    expect(document.querySelector('.recent-orders')).toBeNull()
    first.unmount()
    http.set(`GET /admin/orderManagement/customer/${info.userID}/orders`, fail(500, 'Database unavailable'))
    renderAccount()
    await settle()
    expect(document.querySelector('.recent-orders')).toBeNull()
    expect(screen.getByText(text.title)).toBeInTheDocument()
  })

  it("store-credit reasons the server sends as codes are shown in the shopper's language", async () => {
    resetStores(signedIn(), lang, '/user/list')
    accountApi([ADDRESS], [
      { amount: -500, reason: 'ORDER_PAYMENT', orderID: '100001', balanceAfter: 4000, createdAt: '2026-11-20T10:00:00.000Z' },
      { amount: 1500, reason: 'REFUND', orderID: null, balanceAfter: 4500, createdAt: '2026-11-10T10:00:00.000Z' },
      { amount: 3000, reason: 'WELCOME_BONUS', orderID: null, balanceAfter: 3000, createdAt: '2026-09-20T10:00:00.000Z' }
    ])
    renderAccount()
    await settle()
    for (const label of CREDIT_REASONS[lang]) expect(screen.getByText(label)).toBeInTheDocument()
    expect(screen.queryByText(/WELCOME_BONUS|ORDER_PAYMENT|REFUND/)).toBeNull()
  })

  it('every store-credit reason of the contract has words of its own, referral commissions too', async () => {
    resetStores(signedIn(), lang, '/user/list')
    accountApi([ADDRESS], STORE_CREDIT_REASONS.map((reason, i) => (
      { amount: 100, reason, orderID: null, balanceAfter: 100 * (i + 1), createdAt: `2026-11-${String(20 - i).padStart(2, '0')}T10:00:00.000Z` }
    )))
    renderAccount()
    await settle()
    expect(screen.queryByText(new RegExp(`^(${STORE_CREDIT_REASONS.join('|')})$`))).toBeNull()
    expect(screen.queryByText(/user\.credit\.reason\./)).toBeNull()
    const labels = STORE_CREDIT_REASONS.map((reason) => creditReasonLabel(translator(lang), reason))
    expect(new Set(labels).size).toBe(STORE_CREDIT_REASONS.length)
    for (const label of labels) expect(screen.getAllByText(label).length).toBeGreaterThan(0)
  })

  it('no saved addresses: says so; a new address is checked before it is sent', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = accountApi([])
    const { container } = renderAccount()
    await settle()
    expect(screen.getByText(text.noAddresses)).toBeInTheDocument()
    fireEvent.click(screen.getByText(text.add))
    await settle()
    await type(container, 'phone', 'call me')
    fireEvent.click(screen.getByText(text.save))
    await settle()
    expect(screen.getAllByText(text.required).length).toBeGreaterThanOrEqual(5)
    expect(screen.getByText(text.phoneInvalid)).toBeInTheDocument()
    expect(http.calls.some((c) => c.path.includes('updateAddresses'))).toBe(false)
    // The address editor's first field (the family name first in Chinese) takes the focus; the typed phone stays.
    expect(document.activeElement).toBe(container.querySelector('.address-form input'))
    expect(valueOf(container, 'phone')).toBe('call me')
  })

  it('editing an address saves the whole list; a server refusal keeps the typed address', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = accountApi()
    http.set('POST /admin/userManagement/updateAddresses/u-1001/SHIPPING', fail(400, 'addresses[0].postCode does not match the province'))
    const { container } = renderAccount()
    await settle()
    fireEvent.click(screen.getByText(text.edit))
    await settle()
    // The province field shows the saved province (the picker's own option list may name it too).
    await waitFor(() => expect(container.querySelector('[data-field="province"]')).toHaveTextContent(text.ontario))
    await type(container, 'streetNumberAndNameDetails', '200 King St W')
    fireEvent.click(screen.getByText(text.save))
    await settle()
    expect(screen.getByRole('alert')).toHaveTextContent('addresses[0].postCode does not match the province')
    expect(valueOf(container, 'streetNumberAndNameDetails')).toBe('200 King St W')

    http.set('POST /admin/userManagement/updateAddresses/u-1001/SHIPPING', (req: { data: { addresses: typeof ADDRESS[] } }) => ({ addresses: req.data.addresses }))
    fireEvent.click(screen.getByText(text.save))
    await settle()
    const saved = http.calls.filter((c) => c.path.includes('updateAddresses')).pop()
    expect(saved?.body).toEqual({ addresses: [{ ...ADDRESS, streetNumberAndNameDetails: '200 King St W' }] })
    expect(screen.getByText('200 King St W, Toronto, ON, M5H 2N2, CA')).toBeInTheDocument()
  })

  it('the province is a list to choose from; a Canadian postal code must look like A1A 1A1 and belong to that province', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = accountApi([])
    http.set('POST /admin/userManagement/updateAddresses/u-1001/SHIPPING', (req: { data: { addresses: (typeof ADDRESS & { unit?: string })[] } }) => ({
      addresses: req.data.addresses.map((a, i) => ({ ...a, id: `n${i}`, isDefault: i === 0, unit: a.unit ?? '' }))
    }))
    const { container } = renderAccount()
    await settle()
    fireEvent.click(screen.getByText(text.add))
    await settle()
    for (const [field, value] of [['firstName', 'Lin'], ['lastName', 'Chen'], ['phone', '604-555-0142'], ['streetNumberAndNameDetails', '5300 No. 3 Rd'], ['city', 'Richmond'], ['postCode', 'V6X4J']] as const) {
      await type(container, field, value)
    }
    const select = (field: string) => container.querySelector(`select[data-field="${field}"]`) as HTMLSelectElement
    await waitFor(() => expect(select('country').value).toBe('CA'))
    const province = select('province')
    expect(province).toHaveAccessibleName(text.province)
    await waitFor(() => expect([...province.options].map((o) => o.value)).toEqual(['', 'BC', 'ON']))
    fireEvent.change(province, { target: { value: 'ON' } })
    fireEvent.click(screen.getByText(text.save))
    await settle()
    expect(screen.getByText(text.postCodeFormat)).toBeInTheDocument()
    await type(container, 'postCode', 'v6x4j7')
    fireEvent.click(screen.getByText(text.save))
    await settle()
    expect(screen.getByText(text.postCodeProvince)).toBeInTheDocument()
    expect(http.calls.some((c) => c.path.includes('updateAddresses'))).toBe(false)

    fireEvent.change(select('province'), { target: { value: 'BC' } })
    fireEvent.click(screen.getByText(text.save))
    await settle()
    const saved = http.calls.filter((c) => c.path.includes('updateAddresses')).pop()
    expect(saved?.body).toMatchObject({ addresses: [{ province: 'BC', postCode: 'V6X 4J7', country: 'CA', city: 'Richmond' }] })
    expect(screen.queryByText(text.postCodeProvince)).toBeNull()
  })

  it('a new address opened before the country list arrived starts in the store’s country once it does', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = accountApi([])
    let answerCountries: (countries: unknown) => void = () => undefined
    http.set('GET /common3/supportedCountries', () => new Promise((resolve) => (answerCountries = resolve)))
    const { container } = renderAccount()
    await settle()
    fireEvent.click(screen.getByText(text.add))
    await settle()
    const country = () => (container.querySelector('select[data-field="country"]') as HTMLSelectElement).value
    expect(country()).toBe('')
    answerCountries([{ code: 'CA', name: 'Canada', nameContent: { en: 'Canada', zh: '加拿大' } }])
    await waitFor(() => expect(country()).toBe('CA'))
  })

  it('removing an address offers Undo, which saves the list as it was', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = accountApi()
    http.set('POST /admin/userManagement/updateAddresses/u-1001/SHIPPING', (req: { data: { addresses: typeof ADDRESS[] } }) => ({ addresses: req.data.addresses }))
    renderAccount()
    await settle()
    expect(screen.getByText('100 Queen St W, Toronto, ON, M5H 2N2, CA')).toBeInTheDocument()
    fireEvent.click(screen.getByText(text.remove))
    await settle()
    expect(screen.queryByText('100 Queen St W, Toronto, ON, M5H 2N2, CA')).toBeNull()
    expect(screen.getByRole('status')).toHaveTextContent(text.addressRemoved)
    fireEvent.click(screen.getByRole('button', { name: text.undo }))
    await settle()
    expect(screen.getByText('100 Queen St W, Toronto, ON, M5H 2N2, CA')).toBeInTheDocument()
    expect(screen.queryByText(text.addressRemoved)).toBeNull()
    const saves = http.calls.filter((c) => c.path.includes('updateAddresses')).map((c) => c.body)
    expect(saves).toEqual([{ addresses: [] }, { addresses: [ADDRESS] }])
  })

  it('a new profile picture is chosen, uploaded and shown', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = accountApi()
    http.set('POST /admin/userManagement/image/upload', { id: 'abc', profileImage: 'user/abc' })
    const chooseImage = jest.fn(async () => ({ tempFilePaths: ['blob:picked'], tempFiles: [] }))
    Object.assign(Taro, { chooseImage })
    const { container } = renderAccount()
    await settle()
    fireEvent.click(screen.getByText(text.changeImage))
    await settle()
    const upload = http.calls.find((c) => c.path === '/admin/userManagement/image/upload')
    expect(upload).toBeDefined()
    expect(useAppInfo.getState().info?.user?.profileImage).toBe('user/abc')
    expect(container.querySelector('.profile__image img')?.getAttribute('src')).toMatch(/user\/abc$/)
  })

  it('sign out: logout, back to a guest with an empty cart, home', async () => {
    resetStores(signedIn(), lang, '/user/list')
    useSession.setState({ weChatOpenId: 'oSomeone' })
    const http = accountApi()
    http.set('GET /common3/logout', { ok: true })
    http.set('GET /shoppingManagement4/myCart', emptyCart)
    renderAccount()
    await settle()
    fireEvent.click(screen.getByText(text.signOut))
    await settle()
    expect(http.calls.some((c) => c.path === '/common3/logout')).toBe(true)
    expect(useAppInfo.getState().info?.userID).toBeUndefined()
    expect(useSession.getState().weChatOpenId).toBeNull()
    expect(navigations.pop()).toEqual({ kind: 'reLaunch', url: '/' })
  })
})
