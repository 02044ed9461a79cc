import type { StoreLocation } from '@/api/appInfo'
import { groupByProvince, Store, storeName, visibleStores } from '@/domain/locations'

const store = (id: number, name: string, province: string | undefined, display = true, virtual = false): Store => ({
  id,
  display,
  virtual,
  localStoreName: name,
  address: { province, city: 'c' }
})

describe('spec "Location lists only stores flagged display and not virtual"', () => {
  it.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
    [false, true, false]
  ])('display=%p virtual=%p → listed %p', (display, virtual, listed) => {
    expect(visibleStores([store(1, 'A', 'ON', display, virtual)]).length).toBe(listed ? 1 : 0)
  })

  it('handles a missing list', () => {
    expect(visibleStores(undefined)).toEqual([])
    expect(groupByProvince(null)).toEqual([])
  })
})

describe('spec "lists provinces; choosing a province shows its stores" (stores grouped by province)', () => {
  it('groups visible stores, provinces sorted, stores sorted by name, no-province group last', () => {
    const groups = groupByProvince([
      store(1, 'Zeta', 'Ontario'),
      store(2, 'Alpha', 'Ontario'),
      store(3, 'Hidden', 'Alberta', false),
      store(4, 'Virtual', 'Yukon', true, true),
      store(5, 'Beta', 'British Columbia'),
      store(6, 'Nowhere', undefined),
      store(7, 'Mid', 'Ontario')
    ])
    expect(groups.map((g) => [g.province, g.stores.map((s) => s.id)])).toEqual([
      ['British Columbia', [5]],
      ['Ontario', [2, 7, 1]],
      ['', [6]]
    ])
  })

  it('does not reorder the caller\'s array', () => {
    const input = [store(1, 'B', 'X'), store(2, 'A', 'X')]
    groupByProvince(input)
    expect(input.map((s) => s.id)).toEqual([1, 2])
  })
})

describe("storeName: a store's name in the shopper's language", () => {
  const store = { id: 'TOR-DT', localStoreName: 'Downtown Toronto', localStoreNameContent: { en: 'Downtown Toronto', zh: '多伦多市中心店' } } as unknown as StoreLocation
  it.each<[string, 'en' | 'zh', string]>([
    ['English', 'en', 'Downtown Toronto'],
    ['Chinese', 'zh', '多伦多市中心店']
  ])('%s', (_, language, name) => expect(storeName(store, language)).toBe(name))
  it('without a Chinese name, the name it has', () => {
    expect(storeName({ ...store, localStoreNameContent: undefined } as unknown as StoreLocation, 'zh')).toBe('Downtown Toronto')
  })
})
