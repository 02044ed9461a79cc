/** The shared test fixtures are answers the reference server could give: each is checked against its contract shape. */
import { appInfoFixture, loggedInFixture } from '../support/fixtures/appInfo'
import { billingOf, cartOf, homeSections, line, pageOf, product, products, SIZE } from '../support/fixtures/catalog'
import { order } from '../support/fixtures/orders'
import { shapeProblems } from '../support/contract'

const FIXTURES: [string, string, unknown][] = [
  ['app info (guest)', 'AppInfo', appInfoFixture()],
  ['app info (signed in)', 'AppInfo', loggedInFixture()],
  ['product', 'Product', product()],
  ['product with options and a list price', 'Product', product({ options: [SIZE], listPrice: 1999, clearance: true })],
  ['page of products', 'ProductPage', pageOf(products(3), { numberToLoad: '2' })],
  ['cart line', 'LineItem', line()],
  ['cart', 'Cart', cartOf(line(), line({ itemKey: '1002|size:M', productId: '1002', optionPair: 'size:M', available: 0 }))],
  ['empty cart', 'Cart', cartOf()],
  ['billing', 'Billing', billingOf(cartOf(line()))],
  ['order', 'Order', order('100001')],
  ['home sections', 'SectionTemplate', { type: 'home', sections: homeSections }]
]

describe('fixtures follow the contract', () => {
  it.each(FIXTURES)('%s is a %s', (_what, shape, value) => {
    expect(shapeProblems(shape, value)).toEqual([])
  })

  it('the check does catch a drift (a field the server never sends)', () => {
    expect(shapeProblems('Product', { ...product(), discountBadge: '10%' })).not.toEqual([])
  })
})
