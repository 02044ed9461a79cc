import { couponFit, couponSaving, lookupCode, pickerOrder } from '@/domain/coupons'

const c = (code: string, type: 'PERCENT' | 'FIXED', value: number, minSubtotal = 0, expired = false) => ({ code, type, value, minSubtotal, expired })

describe('couponFit', () => {
  it.each([
    [c('A', 'PERCENT', 10), 0, { usable: true }],
    [c('B', 'FIXED', 500, 3000), 2999, { usable: false, reason: 'minimum', missing: 1 }],
    [c('B', 'FIXED', 500, 3000), 3000, { usable: true }],
    [c('C', 'PERCENT', 20, 0, true), 10000, { usable: false, reason: 'expired' }]
  ])('%j on a subtotal of %i', (coupon, subtotal, fit) => {
    expect(couponFit(coupon, subtotal)).toEqual(fit)
  })
})

describe('couponSaving', () => {
  it.each([
    [c('A', 'PERCENT', 10), 4550, 455],
    [c('A', 'PERCENT', 15), 1001, 150],
    // rounded down, as the server's discount is
    [c('A', 'PERCENT', 10), 1899, 189],
    [c('A', 'PERCENT', 15), 1099, 164],
    [c('B', 'FIXED', 500), 4000, 500],
    [c('S', 'FIXED', 5000), 1200, 1200]
  ])('%j takes off %i → %i', (coupon, subtotal, saving) => {
    expect(couponSaving(coupon, subtotal)).toBe(saving)
  })
})

describe('pickerOrder', () => {
  const all = [c('WELCOME10', 'PERCENT', 10), c('SAVE5', 'FIXED', 500, 3000), c('BIG15', 'PERCENT', 15, 10000), c('SPRING20', 'PERCENT', 20, 0, true)]
  it.each([
    [2000, ['WELCOME10', 'SAVE5', 'BIG15']],
    [4000, ['SAVE5', 'WELCOME10', 'BIG15']],
    [6000, ['WELCOME10', 'SAVE5', 'BIG15']],
    [20000, ['BIG15', 'WELCOME10', 'SAVE5']]
  ])('on a subtotal of %i: %j (expired left out)', (subtotal, codes) => {
    expect(pickerOrder(all, subtotal).map((x) => x.code)).toEqual(codes)
  })
})

describe('lookupCode', () => {
  it.each([
    [' welcome10 ', 'WELCOME10'],
    ['', null],
    ['   ', null],
    ['X'.repeat(41), null],
    ['X'.repeat(40), 'X'.repeat(40)]
  ])('%j → %j', (typed, code) => {
    expect(lookupCode(typed)).toBe(code)
  })
})
