/** Issue 13, referral programme: "first referrer wins", share links carry the id, charts and pages of the referrer area. */
import { barPercent, chartIsEmpty, keptReferrer, pageCount, rangeFor, referralPath } from '@/features/referral/referral'

describe('keptReferrer: the first valid referral id wins', () => {
  it.each([
    [undefined, 'RABC1', 'RABC1'],
    ['RFIRST', 'RSECOND', 'RFIRST'],
    [undefined, 'not valid!', undefined],
    ['', 'R2', 'R2'],
    [undefined, 'x'.repeat(41), undefined],
    [42, 'R3', 'R3']
  ])('kept %p, incoming %p → %p', (kept, incoming, expected) => {
    expect(keptReferrer(kept, incoming)).toBe(expected)
  })
})

describe('referralPath: a public path with the sharer\'s id', () => {
  it.each([
    ['/store', 'RABC', '/store?ref=RABC'],
    ['/store/product/1001', 'RABC', '/store/product/1001?ref=RABC'],
    ['/store/productlist?cat=Tea', 'RABC', '/store/productlist?cat=Tea&ref=RABC'],
    ['/store?ref=OLD', 'RNEW', '/store?ref=RNEW'],
    ['/store?ref=OLD&x=1', 'RNEW', '/store?x=1&ref=RNEW'],
    ['/store/groupCampaign/7#top', 'R1', '/store/groupCampaign/7?ref=R1#top']
  ])('%s + %s → %s', (path, id, expected) => {
    expect(referralPath(path, id)).toBe(expected)
  })
})

describe('charts and paging', () => {
  it.each([
    [0, 10, 0], [5, 10, 50], [10, 10, 100], [1, 1000, 2], [3, 0, 0], [-1, 5, 0]
  ])('bar of %p of max %p is %p%%', (value, max, expected) => {
    expect(barPercent(value, max)).toBe(expected)
  })
  it.each([
    [[], true],
    [[[0, 0], [0, 0]], true],
    [[[0, 0], [1, 0]], false],
    [[[0, 0], [0, 3299]], false],
    [[[0, -164], [0, 0]], false]
  ] as [[number, number][], boolean][])('buckets (count, amount) %j are empty: %p', (figures, expected) => {
    expect(chartIsEmpty(figures.map(([count, amount], i) => ({ start: `2026-11-0${i + 1}`, count, amount })))).toBe(expected)
  })
  it.each([[0, 1], [10, 1], [11, 2], [20, 2], [21, 3]])('%p rows make %p pages of 10', (total, pages) => {
    expect(pageCount(total)).toBe(pages)
  })
  it.each([
    ['day', 14, 14], ['week', 14, 12], ['week', 4, 4], ['month', 4, 12], ['day', 12, 14], ['month', 6, 6]
  ] as const)('switching to %s with %p kept → %p', (period, count, expected) => {
    expect(rangeFor(period, count)).toBe(expected)
  })
})
