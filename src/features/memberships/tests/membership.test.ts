/** Issue 13, memberships: the member price a product or cart line shows, and when a membership ends soon. */
import { endsSoon, lineMemberPrice, memberPriceOf, payablePriceOf } from '@/features/memberships/membership'

describe('member prices as shown', () => {
  it.each([
    [{ price: 1699, memberPrice: 1399 }, { memberPrice: 1399, regular: 1699, saving: 300 }],
    [{ price: 1699 }, null],
    [{ price: 1699, memberPrice: 1699 }, null]
  ])('product %p → %p', (p, expected) => {
    expect(memberPriceOf(p)).toEqual(expected)
  })
  it.each([
    [{ unitPrice: 1399, regularUnitPrice: 1699 }, { memberPrice: 1399, regular: 1699, saving: 300 }],
    [{ unitPrice: 1699, memberUnitPrice: 1399 }, { memberPrice: 1399, regular: 1699, saving: 300 }],
    [{ unitPrice: 1699 }, null]
  ])('cart line %p → %p', (l, expected) => {
    expect(lineMemberPrice(l)).toEqual(expected)
  })
  it.each([
    // [product, member, what the buy bar shows]
    [{ price: 1699 }, false, { amount: 1699 }],
    [{ price: 1699 }, true, { amount: 1699 }],
    [{ price: 1699, memberPrice: 1399 }, false, { amount: 1699 }],
    [{ price: 1699, memberPrice: 1399 }, true, { amount: 1399, was: 1699 }],
    [{ price: 1699, memberPrice: 1699 }, true, { amount: 1699 }],
    [{ price: 1299, listPrice: 1699 }, false, { amount: 1299, was: 1699 }],
    [{ price: 1299, listPrice: 1699, memberPrice: 1099 }, true, { amount: 1099, was: 1699 }],
    [{ price: 1299, listPrice: 1299 }, false, { amount: 1299 }]
  ])('product %p, member %p: pays %p', (p, member, expected) => {
    expect(payablePriceOf(p, member)).toEqual(expected)
  })
  const now = new Date('2026-11-23T12:00:00Z')
  it.each([
    [null, false], ['2026-12-01T12:00:00Z', true], ['2027-02-01T12:00:00Z', false], ['2026-11-20T12:00:00Z', true]
  ])('until %p ends soon: %p', (until, expected) => {
    expect(endsSoon(until, now)).toBe(expected)
  })
})
