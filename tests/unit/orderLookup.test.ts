import { orderLookupPath, orderNumberOf, validateOrderLookup } from '@/domain/orderLookup'

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

  it.each<[string, { orderID: string; contact: string }, Record<string, string>]>([
    ['both fine (e-mail)', { orderID: '100123', contact: 'ada@example.com' }, {}],
    ['both fine (phone)', { orderID: '#100123', contact: '(416) 555-0199' }, {}],
    ['both empty', { orderID: ' ', contact: '' }, { orderID: 'required', contact: 'required' }],
    ['not a number', { orderID: 'A12', contact: 'ada@example.com' }, { orderID: 'orderNumber' }],
    ['a bad e-mail', { orderID: '100123', contact: 'ada@' }, { contact: 'lookupContact' }],
    ['neither e-mail nor phone', { orderID: '100123', contact: 'Ada' }, { contact: 'lookupContact' }],
    ['too short a phone', { orderID: '100123', contact: '555' }, { contact: 'lookupContact' }]
  ])('%s', (_, values, expected) => {
    expect(validateOrderLookup(values)).toEqual(expected)
  })

  it('links carry the number', () => {
    expect(orderLookupPath()).toBe('/orderlookup')
    expect(orderLookupPath('100123')).toBe('/orderlookup?order=100123')
  })
})
