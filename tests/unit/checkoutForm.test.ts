import type { CheckoutCart } from '@/api/checkout'
import {
  contactToSend,
  couponRefusal,
  secondCoupon,
  type CouponRefusal,
  draftAfterPlacedOrder,
  EMPTY_FORM,
  formFromServer,
  messageOnLeaving,
  needsPaymentMethod,
  payAtStoreAllowed,
  prefilledContact,
  preselectedStore,
  rememberedMethodStep,
  storeAddressLine,
  timesOn,
  toMinorUnits,
  validate,
  withoutErrors,
  type CheckoutForm,
  type FieldErrors
} from '@/domain/checkoutForm'
import { messageOf } from '@/domain/errors'

const CONTACT = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '416-555-0199' }
const ADDRESS = { ...EMPTY_FORM.address, country: 'CA', firstName: 'Ada', phone: '416-555-0199', streetNumberAndNameDetails: '1 Front St W', city: 'Toronto', province: 'ON', postCode: 'M5J 2X5' }
const PICKUP: CheckoutForm = { ...EMPTY_FORM, method: 'PICKUP', storeId: 'TOR-DT', pickupDate: '2030-01-07', pickupTime: '10:00', contact: CONTACT, paymentMethod: 'WECHAT_PAY' }
const DELIVERY: CheckoutForm = { ...PICKUP, method: 'DELIVERY', storeId: '', pickupDate: '', pickupTime: '', address: ADDRESS, deliveryDate: '2030-01-07', deliveryTime: '15:00' }
const EAT_IN: CheckoutForm = { ...PICKUP, method: 'EAT_IN', pickupDate: '', pickupTime: '', tableNumber: 'A-12' }
const OPTIONS = { needsMethod: true, tableNumberPattern: '^[A-Za-z0-9-]{1,8}$' }

describe('validate: the messages of an order that cannot be placed yet', () => {
  it.each<[string, CheckoutForm, FieldErrors]>([
    ['a complete pickup order', PICKUP, {}],
    ['a complete delivery order', DELIVERY, {}],
    ['a complete eat-in order', EAT_IN, {}],
    ['no method', { ...PICKUP, method: null }, { method: 'checkout.error.method' }],
    ['pickup without a store', { ...PICKUP, storeId: '' }, { storeId: 'checkout.error.store' }],
    ['pickup with a date but no time', { ...PICKUP, pickupTime: '' }, { pickupSlot: 'checkout.error.pickupSlot' }],
    ['eat-in without a table', { ...EAT_IN, tableNumber: '  ' }, { tableNumber: 'checkout.error.tableNumber' }],
    ['eat-in with a table the pattern refuses', { ...EAT_IN, tableNumber: 'table 12!' }, { tableNumber: 'checkout.error.tableNumberFormat' }],
    ['delivery without a street or slot', { ...DELIVERY, address: { ...ADDRESS, streetNumberAndNameDetails: ' ' }, deliveryTime: '' }, {
      'address.streetNumberAndNameDetails': 'checkout.error.required',
      deliverySlot: 'checkout.error.deliverySlot'
    }],
    ['delivery with a bad phone and no province', { ...DELIVERY, address: { ...ADDRESS, phone: '12', province: '' } }, {
      'address.phone': 'checkout.error.phone',
      'address.province': 'checkout.error.province'
    }],
    ['a bad e-mail and phone', { ...PICKUP, contact: { ...CONTACT, email: 'ada@', phone: 'call me' } }, { email: 'checkout.error.email', phone: 'checkout.error.phone' }],
    ['no first name', { ...PICKUP, contact: { ...CONTACT, firstName: ' ' } }, { firstName: 'checkout.error.required' }],
    ['a delivery asks name and phone with the address only', { ...DELIVERY, contact: { ...CONTACT, firstName: '', phone: '' } }, {}],
    ['online without a payment method', { ...PICKUP, paymentMethod: '' }, { paymentMethod: 'checkout.error.paymentMethod' }],
    ['pay at store needs no payment method', { ...PICKUP, paymentMethod: '', payment: 'PAY_AT_STORE' }, {}]
  ])('%s', (_, form, expected) => {
    expect(validate(form, OPTIONS)).toEqual(expected)
  })

  it('a mini-program (no method to choose) accepts an online order without one', () => {
    expect(validate({ ...PICKUP, paymentMethod: '' }, { needsMethod: false })).toEqual({})
  })
})

describe('needsPaymentMethod: a method is asked only when there is something to pay online (issue 42 N-4)', () => {
  it.each<[string, boolean, number, number | null | undefined, boolean]>([
    ['a browser choosing among methods, money left to pay', true, 3, 1016, true],
    ['store credit (or a coupon) covers the whole order', true, 3, 0, false],
    ['totals not known yet', true, 3, undefined, true],
    ['no methods offered', true, 0, 1016, false],
    ['a platform that pays in its own sheet', false, 3, 1016, false]
  ])('%s', (_, choosesMethod, offered, total, expected) => expect(needsPaymentMethod(choosesMethod, offered, total)).toBe(expected))
})

describe('toMinorUnits: store credit typed as dollars', () => {
  it.each<[string, number | null]>([
    ['5', 500],
    [' 5.5 ', 550],
    ['0.07', 7],
    ['19.99', 1999],
    ['0', 0],
    ['5.555', null],
    ['-5', null],
    ['five', null],
    ['', null],
    ['1e3', null]
  ])('%p → %p', (text, minor) => expect(toMinorUnits(text)).toBe(minor))
})

describe('slots, pay at store and errors', () => {
  const slots = [{ date: '2030-01-07', times: ['10:00', '10:30'] }, { date: '2030-01-08', times: ['09:00'] }]
  it.each<[string, string[]]>([
    ['2030-01-07', ['10:00', '10:30']],
    ['2030-01-08', ['09:00']],
    ['2030-01-09', []],
    ['', []]
  ])('times on %p', (date, times) => expect(timesOn(slots, date)).toEqual(times))

  it.each<[CheckoutForm['method'], boolean]>([
    ['PICKUP', true],
    ['EAT_IN', true],
    ['DELIVERY', false],
    [null, false]
  ])('pay at store for %p: %p', (method, allowed) => expect(payAtStoreAllowed(method, ['PICKUP', 'EAT_IN'])).toBe(allowed))

  it('withoutErrors drops only the named fields', () => {
    const errors: FieldErrors = { email: 'checkout.error.email', 'address.city': 'checkout.error.required', 'address.postCode': 'checkout.error.required' }
    expect(withoutErrors(errors, (n) => n.startsWith('address.'))).toEqual({ email: 'checkout.error.email' })
    expect(withoutErrors(errors, (n) => n === 'email')).toEqual({ 'address.city': 'checkout.error.required', 'address.postCode': 'checkout.error.required' })
  })

  it.each<[string, unknown, string]>([
    // ApiError is an Error whose message is the server's first message.
    ['an Error', new Error('offline'), 'offline'],
    ['anything else', 'timeout', 'timeout']
  ])('messageOf: %s', (_, err, text) => expect(messageOf(err)).toBe(text))
})

describe('what fills the form', () => {
  it.each<[string, CheckoutForm['contact'], CheckoutForm['contact']]>([
    ['blank contact: the account’s details', EMPTY_FORM.contact, { firstName: 'Ada', lastName: 'L', email: 'ada@example.com', phone: '' }],
    ['anything typed wins', { ...EMPTY_FORM.contact, phone: '416' }, { ...EMPTY_FORM.contact, phone: '416' }]
  ])('%s', (_, contact, expected) => {
    expect(prefilledContact(contact, { firstName: 'Ada', lastName: 'L', emailID: 'ada@example.com' })).toEqual(expected)
  })

  it('the server draft becomes form fields, its delivery address completed', () => {
    const checkout = {
      localStoreId: 'TOR-DT',
      localStoreName: 'Downtown',
      tableNumber: null,
      contact: CONTACT,
      delivery: { ...ADDRESS, unit: undefined },
      pickupDate: '2030-01-07',
      pickupTime: '10:00',
      deliveryDate: null,
      deliveryTime: null,
      tipPercent: null,
      tipAmount: null,
      customerComment: 'napkins',
      reservedOrderID: null
    }
    expect(formFromServer({ orderMethod: 'PICKUP', checkout } as unknown as CheckoutCart)).toEqual({
      method: 'PICKUP',
      storeId: 'TOR-DT',
      tableNumber: '',
      pickupDate: '2030-01-07',
      pickupTime: '10:00',
      deliveryDate: '',
      deliveryTime: '',
      contact: CONTACT,
      address: { ...ADDRESS, unit: undefined },
      comment: 'napkins'
    })
    expect(formFromServer(null)).toEqual({})
  })

  it('after a paid order the draft keeps method, store, contact and address, not the extras or the slot', () => {
    const paid: CheckoutForm = { ...PICKUP, couponCode: 'WELCOME10', storeCredit: '5', comment: 'napkins' }
    expect(draftAfterPlacedOrder(paid)).toEqual({ ...PICKUP, pickupDate: '', pickupTime: '', tableNumber: '' })
  })

  // Issue 42 n-3: an eat-in order at table A12 pre-filled A12 and Eat in on the next order, a T-shirt's.
  it.each<[string, Partial<CheckoutForm>, Partial<CheckoutForm>]>([
    ['eat in at a table: neither the table nor Eat in', { method: 'EAT_IN', storeId: 'TOR-DT', tableNumber: 'A12' }, { method: null, storeId: 'TOR-DT', tableNumber: '' }],
    ['pickup with a table typed before switching: the table goes', { method: 'PICKUP', storeId: 'TOR-DT', tableNumber: 'A12' }, { method: 'PICKUP', storeId: 'TOR-DT', tableNumber: '' }],
    ['delivery: kept', { method: 'DELIVERY' }, { method: 'DELIVERY', tableNumber: '' }],
    ['no method yet: none added', { storeId: 'TOR-DT' }, { storeId: 'TOR-DT', tableNumber: '' }]
  ])('after a paid order, %s', (_, draft, kept) => {
    const { method, storeId, tableNumber } = draftAfterPlacedOrder(draft)
    expect(Object.fromEntries(Object.entries({ method, storeId, tableNumber }).filter(([, v]) => v !== undefined))).toEqual(kept)
  })
})

describe('coupon refusals', () => {
  it.each<[string, CouponRefusal]>([
    ['Coupon not valid', { reason: 'unknown' }],
    ['Coupon has expired', { reason: 'expired' }],
    // Issue 42 n-5: the server's first-order and sign-in refusals, said in the shopper's language.
    ['This coupon is for a first order only', { reason: 'firstOrder' }],
    ['Sign in to use this coupon', { reason: 'signIn' }],
    ['Coupon needs a subtotal of at least $30.00', { reason: 'minimum', amount: '$30.00' }],
    ['Coupon needs a subtotal of at least $30.00.', { reason: 'minimum', amount: '$30.00' }],
    ['Coupon NOPE does not exist', { reason: 'other', message: 'Coupon NOPE does not exist' }]
  ])('server says %p', (message, refusal) => expect(couponRefusal(message)).toEqual(refusal))

  it.each<[string, string | null, CouponRefusal | null]>([
    ['SPRING5', 'WELCOME10', { reason: 'onePerOrder', applied: 'WELCOME10' }],
    [' welcome10 ', 'WELCOME10', null],
    ['SPRING5', null, null]
  ])('%p with %p applied', (code, applied, refusal) => expect(secondCoupon(code, applied)).toEqual(refusal))
})

describe('messageOnLeaving: a typed field checked as the shopper leaves it', () => {
  it.each<[string, CheckoutForm, Parameters<typeof messageOnLeaving>[1], string | undefined]>([
    ['a bad e-mail', { ...PICKUP, contact: { ...CONTACT, email: 'ada@' } }, 'email', 'checkout.error.email'],
    ['a good e-mail', PICKUP, 'email', undefined],
    ['an empty first name waits for Place order', { ...PICKUP, contact: { ...CONTACT, firstName: ' ' } }, 'firstName', undefined],
    ['a short delivery phone', { ...DELIVERY, address: { ...ADDRESS, phone: '12' } }, 'address.phone', 'checkout.error.phone'],
    ['a table the pattern refuses', { ...EAT_IN, tableNumber: 'table 12!' }, 'tableNumber', 'checkout.error.tableNumberFormat'],
    ['another field’s mistake is not this one’s', { ...PICKUP, contact: { ...CONTACT, email: 'ada@' } }, 'phone', undefined]
  ])('%s', (_, form, field, message) => expect(messageOnLeaving(form, field, OPTIONS)).toBe(message))
})

describe('the store pickup starts with', () => {
  const stores = [{ id: 'TOR-DT' }, { id: 'MSS-SQ1' }]
  it.each<[string, { id: string }[], string | number | undefined, string]>([
    ['the store being browsed', stores, 'MSS-SQ1', 'MSS-SQ1'],
    ['a browsed store that takes no pickups', stores, 'VAN-1', ''],
    ['nothing browsed, several stores', stores, undefined, ''],
    ['nothing browsed, one store', [{ id: 'TOR-DT' }], undefined, 'TOR-DT'],
    ['a numeric id from app info', [{ id: '7' }, { id: '8' }], 8, '8']
  ])('%s', (_, list, current, id) => expect(preselectedStore(list, current)).toBe(id))

  it.each<[Parameters<typeof storeAddressLine>[0], string]>([
    [{ streetNumberAndNameDetails: '1 King St W', city: 'Toronto', province: 'ON', postCode: 'M5H 1A1' }, '1 King St W, Toronto ON M5H 1A1'],
    [{ city: 'Toronto' }, 'Toronto'],
    [{}, ''],
    [undefined, '']
  ])('address %p', (address, line) => expect(storeAddressLine(address)).toBe(line))
})

describe('rememberedMethodStep: the last order’s method at the next checkout', () => {
  const offered = ['PICKUP', 'DELIVERY'] as const
  it.each<[string, CheckoutForm['method'], CheckoutCart['orderMethod'], ReturnType<typeof rememberedMethodStep>]>([
    ['nothing remembered', null, null, 'keep'],
    ['remembered, the new cart has none yet', 'DELIVERY', null, 'send'],
    ['remembered, the cart has another', 'PICKUP', 'DELIVERY', 'send'],
    ['the cart already has it (a reload)', 'PICKUP', 'PICKUP', 'keep'],
    ['the store no longer offers it', 'EAT_IN', null, 'drop'],
    ['no longer offered, even if the cart has it', 'EAT_IN', 'EAT_IN', 'drop']
  ])('%s', (_, method, cartMethod, step) => expect(rememberedMethodStep(method, offered, cartMethod)).toBe(step))
})

describe('contactToSend: a delivery’s name and phone are the address’s', () => {
  it('pickup sends the contact as typed', () => expect(contactToSend(PICKUP)).toEqual(CONTACT))
  it('delivery sends the address’s name and phone with the contact’s e-mail', () => {
    const form = { ...DELIVERY, contact: { ...EMPTY_FORM.contact, email: 'grace@example.com' }, address: { ...ADDRESS, firstName: 'Grace', lastName: 'Hopper', phone: '416-555-0177' } }
    expect(contactToSend(form)).toEqual({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', phone: '416-555-0177' })
  })
})
