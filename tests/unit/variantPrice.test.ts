import { chosenPrices } from '@/domain/variantPrice'

const product = { price: 4999, listPrice: 5999, memberPrice: 4499 }
const variants = [
  { optionPair: 'size:S', available: 1, price: 4999, listPrice: 5999, memberPrice: 4499 },
  { optionPair: 'size:L', available: 0, price: 6999 },
  { optionPair: 'size:M', available: 2 }
]

describe('chosenPrices: the product page shows the chosen pair\'s prices (issue 37, a price per variant)', () => {
  it.each([
    ['no pair chosen yet: the product\'s', null, variants, product],
    ['variants not read (yet): the product\'s', 'size:L', null, product],
    ['a pair at the product\'s price', 'size:S', variants, product],
    ['a pair at a price of its own, with no struck or member price: never the product\'s', 'size:L', variants, { price: 6999 }],
    ['a pair the variants answer without a price: the product\'s', 'size:M', variants, product],
    ['a pair the store does not keep: the product\'s', 'size:XL', variants, product]
  ])('%s', (_what, pair, list, expected) => {
    expect(chosenPrices(product, list, pair)).toEqual(expected)
  })
})
