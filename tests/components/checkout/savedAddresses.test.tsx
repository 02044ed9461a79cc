/**
 * /checkout offers the signed-in shopper's saved shipping addresses (getAddresses …/type/SHIPPING), server mocked at
 * http.ts: listed once delivery is chosen, one tap fills the (still editable) delivery fields, the default goes into
 * a blank form but never over what the shopper typed, and a guest is offered none — en and zh.
 */
import { act, waitFor } from '@testing-library/react'
import type { Address } from '@/api/account'
import type { CheckoutCart, CheckoutConfig } from '@/api/checkout'
import type { Language } from '@/i18n'
import { browserExit } from '@/payment/pay.h5'
import { DRAFT_KEY } from '@/hooks/useCheckoutDraft'
import { appInfoFixture, loggedInFixture } from '../../support/fixtures/appInfo'
import { mockHttp, type MockHttp } from '../../support/mockHttp'
import { testControl } from '../../support/taroMock'
import { DESKTOP_UA, LANGS, resetStores, setUserAgent } from '../shell/shellTestKit'
import { billingOf, ONLINE } from '../../support/fixtures/catalog'
import { CHECKOUT_TODAY, checkoutCart, checkoutConfig } from '../../support/fixtures/checkout'
import { click, fieldInput, option, renderCheckout, settle, type as typeInto, valueOf } from './checkoutTestKit'

const TODAY = CHECKOUT_TODAY
const STORE_CONFIG = checkoutConfig()
/** Pickup and delivery only, delivering in Ontario. */
const CONFIG: CheckoutConfig = {
  ...STORE_CONFIG,
  orderMethods: ['PICKUP', 'DELIVERY'],
  tipPercents: [0, 10],
  pickup: { ...STORE_CONFIG.pickup, slots: [{ date: TODAY, times: ['10:00'] }] },
  delivery: { ...STORE_CONFIG.delivery, provinces: ['ON'] },
  payAtStoreMethods: ['PICKUP']
}

/** What every checkout step answers: the cart with its draft. */
const cart = (patch: Partial<CheckoutCart> = {}) => checkoutCart({ itemCount: 1, ...patch })

const HOME: Address = {
  id: 'a1',
  isDefault: true,
  firstName: 'Lin',
  lastName: 'Chen',
  phone: '416-555-0101',
  streetNumberAndNameDetails: '100 Queen St W',
  unit: '',
  city: 'Toronto',
  province: 'ON',
  postCode: 'M5H 2N2',
  country: 'CA'
}
const OFFICE: Address = {
  id: 'a2',
  isDefault: false,
  firstName: 'Lin',
  lastName: 'Chen',
  phone: '905-555-0102',
  streetNumberAndNameDetails: '5000 Hwy 7',
  unit: '210',
  city: 'Markham',
  province: 'ON',
  postCode: 'L3R 4M9',
  country: 'CA'
}

const TEXT: Record<Language, { heading: string; hint: string; save: string }> = {
  en: { heading: 'Your saved addresses', hint: 'Choose one to fill in the address below; you can still change it.', save: 'Save this address to my profile' },
  zh: { heading: '我保存的地址', hint: '选择一个地址即可填入下方，仍可修改。', save: '将此地址保存到我的资料' }
}

const ADDRESSES_PATH = '/admin/userManagement/getAddresses/u-1001/type/SHIPPING'

function server(addresses: Address[] | (() => Promise<{ addresses: Address[] }>)): MockHttp {
  return mockHttp({
    'GET /shoppingManagement4/checkoutConfig': CONFIG,
    'GET /shoppingManagement4/paymentConfig': { currency: 'CAD', methods: [], onlineProviders: { ...ONLINE, h5Channels: ['OTT'] } },
    'GET /common3/pickupLocations': [],
    'POST /common3/deliveryLocations': { locations: [{ country: 'CA', province: 'ON', cities: ['Toronto', 'Markham'] }] },
    'GET /shoppingManagement4/billing/': billingOf(cart()),
    'POST /shoppingManagement4/updateOrderMethod': (req: { data: { method: CheckoutCart['orderMethod'] } }) => cart({ orderMethod: req.data.method }),
    'POST /shoppingManagement4/orderDeliveryDateTime': cart(),
    'POST /shoppingManagement4/orderContactInfo': cart(),
    'POST /shoppingManagement4/orderDeliverInfo': cart(),
    'POST /shoppingManagement4/updateCustomerComment': cart(),
    'POST /shoppingManagement4/reserve': { orderID: '100007', total: 2825, currency: 'CAD', reused: false },
    'POST /shoppingManagement4/requestOTTH5Payment': { orderID: '100007', redirectUrl: 'http://localhost/sandbox/pay/abc' },
    'GET /admin/storeCreditManagement/storeCredit': { balance: 0, currency: 'CAD' },
    [`GET ${ADDRESSES_PATH}`]: typeof addresses === 'function' ? addresses : { addresses }
  })
}

function savedOptions(): { value: string | null; label: string; checked: string | null }[] {
  return Array.from(document.querySelectorAll('.checkout-choices__option[data-name="savedAddress"]')).map((el) => ({
    value: el.getAttribute('data-value'),
    label: el.textContent ?? '',
    checked: el.getAttribute('aria-checked')
  }))
}

/** Types into a field and lets the answers settle. */
async function type(name: string, value: string) {
  await typeInto(name, value)
  await settle()
}

const DELIVERY_FIELDS = ['firstName', 'lastName', 'phone', 'streetNumberAndNameDetails', 'unit', 'city', 'postCode'].map((f) => `address.${f}`)

/** Waits until each delivery field's inner <input> exists (Taro's input web component renders it late). */
async function deliveryFormReady() {
  await waitFor(() => {
    for (const name of DELIVERY_FIELDS) expect(fieldInput(name)).not.toBeNull()
  })
}

/** The delivery fields as the shopper sees them. */
async function deliveryFields() {
  await deliveryFormReady()
  return {
    firstName: valueOf('address.firstName'),
    lastName: valueOf('address.lastName'),
    phone: valueOf('address.phone'),
    street: valueOf('address.streetNumberAndNameDetails'),
    unit: valueOf('address.unit'),
    city: valueOf('address.city'),
    postCode: valueOf('address.postCode'),
    province: document.querySelector('.checkout-choices__option[data-name="province"][aria-checked="true"]')?.getAttribute('data-value') ?? null
  }
}

beforeEach(() => {
  setUserAgent(DESKTOP_UA)
  jest.spyOn(browserExit, 'assign').mockImplementation(() => undefined)
})

describe.each(LANGS)('saved addresses at checkout (%s)', (lang) => {
  const text = TEXT[lang]

  test('offered once delivery is chosen; the default goes into the blank form', async () => {
    resetStores(loggedInFixture(), lang)
    const http = server([OFFICE, HOME])
    await renderCheckout()
    expect(document.body.textContent).not.toContain(text.heading)
    await click(option('method', 'DELIVERY'))
    await waitFor(() => expect(savedOptions()).toHaveLength(2))
    expect(document.body.textContent).toContain(text.heading)
    expect(document.body.textContent).toContain(text.hint)
    // The name in the language's order: 姓 before 名 in Chinese.
    const linChen = lang === 'zh' ? 'Chen Lin' : 'Lin Chen'
    expect(savedOptions()).toEqual([
      { value: 'a2', label: `${linChen}, 5000 Hwy 7, 210, Markham ON L3R 4M9`, checked: 'false' },
      { value: 'a1', label: `${linChen}, 100 Queen St W, Toronto ON M5H 2N2`, checked: 'true' }
    ])
    expect(await deliveryFields()).toEqual({
      firstName: 'Lin',
      lastName: 'Chen',
      phone: '416-555-0101',
      street: '100 Queen St W',
      unit: '',
      city: 'Toronto',
      postCode: 'M5H 2N2',
      province: 'ON'
    })
    expect(http.calls.filter((c) => c.path === ADDRESSES_PATH)).toHaveLength(1)
    // Already in the address book: no offer to save it again.
    expect(document.body.textContent).not.toContain(text.save)
  })

  test('a guest is offered none and the address book is never asked for', async () => {
    resetStores(appInfoFixture(), lang)
    const http = server([HOME])
    await renderCheckout()
    await click(option('method', 'DELIVERY'))
    await deliveryFormReady()
    expect(savedOptions()).toEqual([])
    expect(document.body.textContent).not.toContain(text.heading)
    expect(http.calls.some((c) => c.path.includes('getAddresses'))).toBe(false)
    expect(valueOf('address.streetNumberAndNameDetails')).toBe('')
  })
})

describe('saved addresses at checkout: choosing, editing, keeping what was typed', () => {
  beforeEach(() => resetStores(loggedInFixture(), 'en'))

  test('choosing one fills every delivery field; they stay editable, and the order is sent with that address', async () => {
    const http = server([HOME, OFFICE])
    await renderCheckout()
    await click(option('method', 'DELIVERY'))
    await waitFor(() => expect(savedOptions()).toHaveLength(2))
    await click(option('savedAddress', 'a2'))
    expect(await deliveryFields()).toEqual({
      firstName: 'Lin',
      lastName: 'Chen',
      phone: '905-555-0102',
      street: '5000 Hwy 7',
      unit: '210',
      city: 'Markham',
      postCode: 'L3R 4M9',
      province: 'ON'
    })
    expect(savedOptions().map((o) => o.checked)).toEqual(['false', 'true'])

    // Still editable: a change is kept and the address is no longer the saved one.
    await type('address.unit', '305')
    expect(valueOf('address.unit')).toBe('305')
    expect(valueOf('address.streetNumberAndNameDetails')).toBe('5000 Hwy 7')
    expect(savedOptions().map((o) => o.checked)).toEqual(['false', 'false'])
    expect(document.body.textContent).toContain('Save this address to my profile')

    await click(option('deliveryDate', TODAY))
    await click(option('deliveryTime', '15:00'))
    await click(option('paymentMethod', 'WECHAT_PAY'))
    await click(document.querySelector('#checkout-place-order') as Element)
    expect(document.querySelector('.checkout__server-error')).toBeNull()
    const deliver = http.calls.find((c) => c.path === '/shoppingManagement4/orderDeliverInfo')
    expect(deliver?.body).toEqual({
      firstName: 'Lin',
      lastName: 'Chen',
      phone: '905-555-0102',
      streetNumberAndNameDetails: '5000 Hwy 7',
      unit: '305',
      city: 'Markham',
      province: 'ON',
      postCode: 'L3R 4M9',
      country: 'CA'
    })
    // The contact's name and phone are the address's (asked once), and the next checkout starts with them.
    expect(http.calls.find((c) => c.path === '/shoppingManagement4/orderContactInfo')?.body).toMatchObject({ firstName: 'Lin', lastName: 'Chen', phone: '905-555-0102' })
    expect((testControl.storage.get(DRAFT_KEY) as { contact?: object } | undefined)?.contact).toMatchObject({ firstName: 'Lin', lastName: 'Chen', phone: '905-555-0102' })
    expect(http.calls.some((c) => c.path === '/shoppingManagement4/reserve')).toBe(true)
  })

  test('an address typed while the address book loads is not overwritten', async () => {
    let answer: (value: { addresses: Address[] }) => void = () => undefined
    const pending = new Promise<{ addresses: Address[] }>((resolve) => (answer = resolve))
    server(() => pending)
    await renderCheckout()
    await click(option('method', 'DELIVERY'))
    await type('address.streetNumberAndNameDetails', '1 Front St W')
    await type('address.postCode', 'M5J 2X5')
    await act(async () => answer({ addresses: [HOME] }))
    await waitFor(() => expect(savedOptions()).toHaveLength(1))
    expect(savedOptions()[0].checked).toBe('false')
    const fields = await deliveryFields()
    expect(fields).toMatchObject({ street: '1 Front St W', postCode: 'M5J 2X5', firstName: '', city: '', province: null })
  })

  test('a delivery address kept from an earlier visit (the draft) is not overwritten', async () => {
    testControl.storage.set(DRAFT_KEY, {
      method: 'DELIVERY',
      address: { firstName: 'Grace', lastName: '', phone: '', streetNumberAndNameDetails: '', unit: '', city: '', province: '', postCode: '', country: 'CA' }
    })
    server([HOME])
    await renderCheckout()
    await waitFor(() => expect(savedOptions()).toHaveLength(1))
    expect(savedOptions()[0].checked).toBe('false')
    await deliveryFormReady()
    expect(valueOf('address.firstName')).toBe('Grace')
    expect(valueOf('address.streetNumberAndNameDetails')).toBe('')
  })

  test('an address the shopper cleared after the preselection is not filled again', async () => {
    server([HOME])
    await renderCheckout()
    await click(option('method', 'DELIVERY'))
    await waitFor(() => expect(valueOf('address.streetNumberAndNameDetails')).toBe('100 Queen St W'))
    for (const name of ['firstName', 'lastName', 'phone', 'streetNumberAndNameDetails', 'city', 'postCode']) await type(`address.${name}`, '')
    await click(option('method', 'PICKUP'))
    await click(option('method', 'DELIVERY'))
    await deliveryFormReady()
    expect(valueOf('address.streetNumberAndNameDetails')).toBe('')
    expect(valueOf('address.firstName')).toBe('')
  })

  test('an address book that fails to load leaves the form for typing, with no choices', async () => {
    const http = server(() => Promise.reject(new Error('offline')))
    await renderCheckout()
    await click(option('method', 'DELIVERY'))
    await waitFor(() => expect(http.calls.some((c) => c.path === ADDRESSES_PATH)).toBe(true))
    await settle()
    expect(savedOptions()).toEqual([])
    await deliveryFormReady()
    expect(valueOf('address.streetNumberAndNameDetails')).toBe('')
  })
})
