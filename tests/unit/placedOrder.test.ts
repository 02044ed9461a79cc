import type { StoreLocation } from '@/api/appInfo'
import type { Order } from '@/api/orders'
import { howPaid, orderPlace, paidWhenCollected, signUpPath, type OrderPlace } from '@/domain/placedOrder'

const STORES = [
  { id: 'loc-ric', localStoreName: 'Richmond Centre', address: { streetNumberAndNameDetails: '6551 No. 3 Rd', city: 'Richmond', province: 'BC', postCode: 'V6Y 2B6' } },
  { id: 'loc-van', localStoreName: 'Vancouver Downtown', address: { streetNumberAndNameDetails: '100 Granville St', city: 'Vancouver' } }
] as StoreLocation[]
const ORDER = { method: 'PICKUP', localStoreId: 'loc-ric', localStoreName: 'Richmond Centre', tableNumber: null, delivery: null, pickupDateTime: '2030-01-07 10:30', deliveryDateTime: null } as Order
const nameOf = (store: StoreLocation) => `«${store.localStoreName}»`

describe('orderPlace: where and when the shopper gets the order', () => {
  it.each<[string, Partial<Order>, OrderPlace | null]>([
    ['pickup at a known store', {}, { method: 'PICKUP', store: '«Richmond Centre»', address: '6551 No. 3 Rd, Richmond BC V6Y 2B6', time: '2030-01-07 10:30' }],
    ['pickup at a store found by its name', { localStoreId: null }, { method: 'PICKUP', store: '«Richmond Centre»', address: '6551 No. 3 Rd, Richmond BC V6Y 2B6', time: '2030-01-07 10:30' }],
    ['pickup at a store no longer listed', { localStoreId: 'gone', localStoreName: 'Old Mill' }, { method: 'PICKUP', store: 'Old Mill', address: '', time: '2030-01-07 10:30' }],
    ['eat-in with a partial store address', { method: 'EAT_IN', localStoreId: 'loc-van', tableNumber: ' A-12 ' }, { method: 'EAT_IN', store: '«Vancouver Downtown»', address: '100 Granville St, Vancouver', table: 'A-12' }],
    [
      'delivery',
      { method: 'DELIVERY', delivery: { streetNumberAndNameDetails: '1 Front St W', unit: '', city: 'Toronto', province: 'ON', postCode: 'M5J 2X5' } as Order['delivery'], deliveryDateTime: '2030-01-07 16:00' },
      { method: 'DELIVERY', address: '1 Front St W, Toronto ON M5J 2X5', time: '2030-01-07 16:00' }
    ],
    // A method this client does not know yet (another back end's), not one the contract has.
    ['an unknown method', { method: 'DRONE' as Order['method'] }, null]
  ])('%s', (_, patch, place) => expect(orderPlace({ ...ORDER, ...patch }, STORES, nameOf)).toEqual(place))
})

describe('paidWhenCollected and signUpPath', () => {
  it.each<[string, boolean]>([
    ['PAY_AT_STORE', true],
    ['PAID_ONLINE', false],
    ['NOT_PAID', false]
  ])('%p → %p', (paymentStatus, expected) => expect(paidWhenCollected({ paymentStatus: paymentStatus as Order['paymentStatus'] })).toBe(expected))

  it.each<[Partial<NonNullable<Order['contact']>> | null | undefined, string]>([
    [{ email: 'ada+shop@example.com', firstName: 'Ada', lastName: 'Lovelace' }, '/account/signup?email=ada%2Bshop%40example.com&firstName=Ada&lastName=Lovelace'],
    [{ email: 'lin@example.cn', firstName: ' ', lastName: '陈' }, '/account/signup?email=lin%40example.cn&lastName=%E9%99%88'],
    [null, '/account/signup'],
    [undefined, '/account/signup']
  ])('%p → %p', (contact, path) => expect(signUpPath(contact as Order['contact'])).toBe(path))
})

describe('howPaid: what the confirmation and the order pages say about the payment (issue 42 N-4)', () => {
  it.each<[string, Order['paymentStatus'], number, number, ReturnType<typeof howPaid>]>([
    ['wholly by store credit', 'PAID_ONLINE', 0, 1242, 'STORE_CREDIT'],
    ['part credit, the rest online', 'PAID_ONLINE', 742, 500, 'ONLINE'],
    ['online, no credit', 'PAID_ONLINE', 1899, 0, 'ONLINE'],
    ['a free order paid online (nothing charged, no credit)', 'PAID_ONLINE', 0, 0, 'ONLINE'],
    ['wholly by a coupon', 'PAID_BY_DISCOUNT', 0, 0, 'DISCOUNT'],
    ['to pay at the store, with some credit', 'PAY_AT_STORE', 742, 500, 'PAY_AT_STORE'],
    ['not paid yet', 'NOT_PAID', 1899, 0, 'NOT_PAID']
  ])('%s', (_, paymentStatus, total, storeCredit, expected) => expect(howPaid({ paymentStatus, total, storeCredit })).toBe(expected))
})
