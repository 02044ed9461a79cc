import { lookupRefOf, orderLookupPath, orderNumberOf, validateOrderLookup } from '@/domain/orderLookup'

describe('order lookup rules', () => {
  it.each<[string, string | null]>([
    ['100123', '100123'],
    [' #100123 ', '100123'],
    ['# 100 123', '100123'],
    ['', null],
    ['ABC-12', null],
    ['1234567890', null],
    ['12.5', null]
  ])('order number %j → %j', (raw, expected) => {
    expect(orderNumberOf(raw)).toBe(expected)
  })

  it.each<[string, { orderID: string; email: string; phone: string }, Record<string, string>]>([
    ['all fine', { orderID: '100123', email: 'ada@example.com', phone: '(416) 555-0199' }, {}],
    ['all fine, # and spaces', { orderID: ' #100123', email: ' ada@example.com ', phone: '416 555 0199' }, {}],
    ['all empty', { orderID: ' ', email: '', phone: ' ' }, { orderID: 'required', email: 'required', phone: 'required' }],
    ['not a number', { orderID: 'A12', email: 'ada@example.com', phone: '416-555-0199' }, { orderID: 'orderNumber' }],
    ['a bad e-mail', { orderID: '100123', email: 'ada@', phone: '416-555-0199' }, { email: 'emailInvalid' }],
    ['a phone in the e-mail field, an e-mail in the phone field', { orderID: '100123', email: '416-555-0199', phone: 'ada@example.com' }, { email: 'emailInvalid', phone: 'phoneInvalid' }],
    ['the e-mail alone is not enough', { orderID: '100123', email: 'ada@example.com', phone: '' }, { phone: 'required' }],
    ['too short a phone', { orderID: '100123', email: 'ada@example.com', phone: '555' }, { phone: 'phoneInvalid' }]
  ])('%s', (_, values, expected) => {
    expect(validateOrderLookup(values)).toEqual(expected)
  })

  it.each<[string | undefined, string | null]>([
    ['0123456789abcdef0123456789abcdef', '0123456789abcdef0123456789abcdef'],
    [' 0123456789ABCDEF0123456789ABCDEF ', '0123456789abcdef0123456789abcdef'],
    ['100123', null],
    ['0123456789abcdef0123456789abcdeg', null],
    ['', null],
    [undefined, null]
  ])('receipt reference %j → %j', (raw, expected) => {
    expect(lookupRefOf(raw)).toBe(expected)
  })

  it('links carry the number', () => {
    expect(orderLookupPath()).toBe('/orderlookup')
    expect(orderLookupPath('100123')).toBe('/orderlookup?order=100123')
  })
})
