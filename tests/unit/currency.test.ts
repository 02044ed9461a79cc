import { convertedTotals, convertMinor, currencyDecimals, formatMoney, roundHalfAwayFromZero } from '@/domain/currency'

describe('spec "Currency decimals: 0 (JPY, KRW, VND), 3 (BHD, KWD), else 2"', () => {
  it.each([
    ['JPY', 0],
    ['jpy', 0],
    ['KRW', 0],
    ['VND', 0],
    ['BHD', 3],
    ['kwd', 3],
    ['CAD', 2],
    ['CNY', 2],
    ['USD', 2],
    ['', 2],
    [undefined, 2]
  ])('%p → %i', (code, decimals) => {
    expect(currencyDecimals(code)).toBe(decimals)
  })
})

describe('money display uses the currency decimals and thousands separators', () => {
  it.each([
    [1999, 'CAD', '$', undefined, '$19.99'],
    [1500, 'JPY', '¥', undefined, '¥1,500'],
    [1500, 'JPY', undefined, undefined, '¥1,500'],
    [123456789, 'USD', '$', 'en', '$1,234,567.89'],
    [123456789, 'CNY', '¥', 'zh', '¥1,234,567.89'],
    [5, 'CAD', '$', undefined, '$0.05'],
    [0, 'CAD', '$', undefined, '$0.00'],
    [-500, 'CAD', '$', undefined, '-$5.00'],
    [12345, 'KWD', 'KD', undefined, 'KD12.345'],
    [1000, 'BHD', 'BD', undefined, 'BD1.000'],
    [100000, 'KRW', undefined, undefined, '₩100,000'],
    [250, 'CHF', undefined, undefined, 'CHF 2.50'],
    [999999, 'EUR', undefined, undefined, '€9,999.99']
  ])('%i %s (symbol %p, %p) → %p', (minor, code, symbol, locale, shown) => {
    expect(formatMoney(minor, code, symbol, locale as 'en' | 'zh' | undefined)).toBe(shown)
  })
})

describe('rounding', () => {
  it.each([
    [2.5, 3],
    [-2.5, -3],
    [2.4999, 2],
    [-0.4, 0]
  ])('roundHalfAwayFromZero(%p) → %p', (value, rounded) => {
    expect(Object.is(roundHalfAwayFromZero(value), rounded)).toBe(true)
  })
})

describe('exchange: rate = how many target units per one source unit, rounded to the target minor unit', () => {
  it.each([
    [1000, 'USD', 'CAD', 1.35, 1350],
    [1999, 'CAD', 'JPY', 110.5, 2209], // 19.99 × 110.5 = 2208.895 → ¥2,209
    [1000, 'JPY', 'USD', 0.0067, 670], // ¥1,000 → $6.70
    [1000, 'JPY', 'KWD', 0.002, 2000], // ¥1,000 → 2.000 KWD
    [1000, 'KWD', 'USD', 3.25, 325], // 1.000 KWD → $3.25
    [1, 'USD', 'CAD', 1.5, 2], // 1.5 cents rounds up
    [-1, 'USD', 'CAD', 1.5, -2], // and away from zero when negative
    [1, 'USD', 'CAD', 1.49, 1],
    [1234, 'CAD', 'cad', 99, 1234] // same currency is unchanged
  ])('%i %s → %s at %p = %i', (minor, from, to, rate, result) => {
    expect(convertMinor(minor, from, to, rate)).toBe(result)
  })

  it.each([[0], [-1], [Number.NaN], [Number.POSITIVE_INFINITY]])('rejects rate %p', (rate) => {
    expect(() => convertMinor(100, 'USD', 'CAD', rate)).toThrow(RangeError)
  })
})

describe('convertedTotals: figures shown in another currency add up', () => {
  const toUsd = (minor: number) => convertMinor(minor, 'CAD', 'USD', 0.73)
  it('subtotal = sum of the converted lines; total = subtotal + the converted rows (a discount negative)', () => {
    expect(convertedTotals([3299, 1099], [{ key: 'tax', amount: 572 }], toUsd)).toEqual({ subtotal: 3210, rows: [{ key: 'tax', amount: 418 }], total: 3628 })
    expect(convertedTotals([1000], [{ key: 'discount', amount: -100 }, { key: 'tax', amount: 117 }], toUsd)).toEqual({
      subtotal: 730,
      rows: [{ key: 'discount', amount: -73 }, { key: 'tax', amount: 85 }],
      total: 742
    })
  })
  it('no lines, no rows: zero', () => {
    expect(convertedTotals([], [], toUsd)).toEqual({ subtotal: 0, rows: [], total: 0 })
  })
})
