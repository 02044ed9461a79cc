import type { DeliveryLocation } from '@contract/checkout'
import { deliveryAreasText, deliveryCountry } from '@/domain/deliveryAreas'

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

describe('deliveryAreasText', () => {
  const cases: [string, DeliveryLocation[], 'en' | 'zh', string][] = [
    ['cities of a province', [CA], 'en', 'Toronto (Ontario)'],
    ['a province with no cities listed takes any city: named alone', [{ country: 'US', province: 'NY', cities: [] }], 'en', 'NY'],
    ['the name the shop\'s settings give (the server\'s provinceName)', [{ ...US, provinceName: 'Washington' }, { country: 'US', province: 'OR', provinceName: 'Oregon', cities: [] }], 'en', 'Seattle (Washington); Oregon'],
    ['in Chinese', [{ country: 'CA', province: 'ON', cities: ['多伦多', '万锦'] }, { country: 'CA', province: 'BC', cities: [] }], 'zh', '多伦多、万锦（安大略省）；不列颠哥伦比亚省']
  ]
  it.each(cases)('%s', (_what, locations, language, expected) => {
    expect(deliveryAreasText(locations, language)).toBe(expected)
  })
})
