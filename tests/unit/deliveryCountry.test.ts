import { deliveryCountry } from '@/domain/deliveryAreas'

/** The delivery address's country comes from the shop's delivery areas (its settings), never a fixed 'CA' (issue 37). */
const US = { country: 'US', province: 'WA', cities: ['Seattle'] }
const CA = { country: 'CA', province: 'ON', cities: ['Toronto'] }
const CN = { country: 'CN', province: 'SH', cities: ['上海'] }

describe('deliveryCountry', () => {
  it.each([
    ['a new form in a US shop: the shop\'s country', '', [US], 'US'],
    ['a new form in a mainland-China shop', '', [CN], 'CN'],
    ['a Canadian address in a Canadian shop stays', 'CA', [CA], 'CA'],
    ['a Canadian address in a US shop: the shop\'s country', 'CA', [US], 'US'],
    ['a shop delivering to two countries keeps the one chosen', 'CA', [US, CA], 'CA'],
    ['a shop delivering to two countries: the first for a new form', '', [US, CA], 'US'],
    ['the code in lower case is the same country', 'ca', [CA], 'ca'],
    ['areas not known yet: unchanged', 'CA', [], 'CA']
  ])('%s', (_what, current, locations, expected) => {
    expect(deliveryCountry(current, locations)).toBe(expected)
  })
})
