import {
  DEFAULT_PAGE_SIZE,
  hasMore,
  LIVE_LIST_LIMIT,
  listCountQuery,
  listFilter,
  listQuery,
  liveListQuery,
  ORDER_PAGE_SIZE,
  orderListQuery,
  sortValue
} from '@shared/productQuery'

describe('spec §9 "Default list page size 12 … Order list page size 10 … Live list limit 10, start 0"', () => {
  it('has the spec constants', () => {
    expect([DEFAULT_PAGE_SIZE, ORDER_PAGE_SIZE, LIVE_LIST_LIMIT]).toEqual([12, 10, 10])
    expect(orderListQuery()).toEqual({ numberToLoad: 10, startingPosition: 0, infiniteLoad: true })
    expect(orderListQuery(20)).toEqual({ numberToLoad: 10, startingPosition: 20, infiniteLoad: true })
    expect(liveListQuery()).toEqual({ start: 0, limit: 10 })
  })
})

describe('spec "Sort value \'date\' is sent as \'default\'"', () => {
  it.each([
    ['date', 'default'],
    [undefined, 'default'],
    ['', 'default'],
    ['price', 'price'],
    ['default', 'default'],
    ['dateDesc', 'dateDesc']
  ])('%p → %p', (sort, sent) => {
    expect(sortValue(sort)).toBe(sent)
  })
})

describe('spec "Category \'all\' means no category filter in counts and lists"', () => {
  it.each([
    [{ cat: 'shoes' }, { categoryName: 'shoes' }],
    [{ cat: 'all' }, {}],
    [{ cat: '' }, {}],
    [{ cat: 'all', brand: 'acme' }, { brandName: 'acme' }],
    [{ tag: 'summer' }, { tagName: 'summer' }],
    [{ clearance: 'true' }, { clearance: true }],
    [{ clearance: '' }, { clearance: true }],
    [{ clearance: 'false' }, {}],
    [{ cat: 'hats', sort: 'price', id: '3' }, { categoryName: 'hats' }],
    [{}, {}]
  ])('%o → %o', (params, filter) => {
    expect(listFilter(params)).toEqual(filter)
  })

  it('the count query carries the same filter only', () => {
    expect(listCountQuery(listFilter({ cat: 'all', tag: 't' }))).toEqual({ tagName: 't' })
  })
})

describe('spec §7 "GET /productManagement2/products with optional categoryName, brandName, tagName, clearance, sortby, infiniteLoad, numberToLoad, startingPosition"', () => {
  it.each([
    [{ categoryName: 'shoes' }, 'date', 0, undefined, { categoryName: 'shoes', sortby: 'default', infiniteLoad: true, numberToLoad: 12, startingPosition: 0 }],
    [{}, 'price', 24, undefined, { sortby: 'price', infiniteLoad: true, numberToLoad: 12, startingPosition: 24 }],
    [{ clearance: true }, undefined, 12, 30, { clearance: true, sortby: 'default', infiniteLoad: true, numberToLoad: 30, startingPosition: 12 }]
  ])('%o sort %p from %i (count %p)', (filter, sort, start, count, query) => {
    expect(listQuery(filter, sort, start, count)).toEqual(query)
  })

  it.each([
    [0, 30, true],
    [12, 30, true],
    [30, 30, false],
    [36, 30, false],
    [0, 0, false]
  ])('hasMore(%i loaded, %i total) → %p', (loaded, total, more) => {
    expect(hasMore(loaded, total)).toBe(more)
  })
})
