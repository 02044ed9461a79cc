import { parseTopUpAmount, type TopUpAmount } from '@/domain/topUp'

describe('parseTopUpAmount: major units typed, minor units sent, within the limits', () => {
  it.each<[string, string, TopUpAmount]>([
    ['25', 'CAD', { ok: true, amount: 2500 }],
    [' 25.5 ', 'CAD', { ok: true, amount: 2550 }],
    ['25,50', 'CAD', { ok: true, amount: 2550 }],
    ['25.', 'CAD', { ok: true, amount: 2500 }],
    ['1000', 'CAD', { ok: true, amount: 100000 }],
    ['1', 'CAD', { ok: true, amount: 100 }],
    ['', 'CAD', { ok: false, error: 'required' }],
    ['  ', 'CAD', { ok: false, error: 'required' }],
    ['25.505', 'CAD', { ok: false, error: 'decimals' }],
    ['25.5', 'JPY', { ok: false, error: 'decimals' }],
    ['2500', 'JPY', { ok: true, amount: 2500 }],
    ['1.234', 'KWD', { ok: true, amount: 1234 }],
    ['100.001', 'KWD', { ok: false, error: 'max' }],
    ['0.5', 'KWD', { ok: true, amount: 500 }],
    ['-3', 'CAD', { ok: false, error: 'invalid' }],
    ['1e3', 'CAD', { ok: false, error: 'invalid' }],
    ['abc', 'CAD', { ok: false, error: 'invalid' }],
    ['0.99', 'CAD', { ok: false, error: 'min' }],
    ['0', 'CAD', { ok: false, error: 'min' }],
    ['1000.01', 'CAD', { ok: false, error: 'max' }],
    ['9999999999', 'CAD', { ok: false, error: 'invalid' }]
  ])('%p %s → %p', (text, currency, expected) => expect(parseTopUpAmount(text, currency)).toEqual(expected))
})

