import type { OrderLine } from '@contract/orders'
import { buyAgainItems, buyAgainOutcome, buyAgainReason } from '@/domain/buyAgain'

const line = (productId: string, patch: Partial<OrderLine> = {}): OrderLine => ({
  itemKey: `${productId}|${patch.optionPair ?? ''}`,
  productId,
  name: `P${productId}`,
  nameContent: { en: `P${productId}`, zh: `品${productId}` },
  image: null,
  optionPair: '',
  optionLabels: [],
  quantity: 1,
  unitPrice: 100,
  lineTotal: 100,
  addOn: false,
  ...patch
})

describe('issue 42 n-14 "Buy again": an order\'s lines as cart additions', () => {
  it.each([
    ['no lines', [], []],
    ['one line with its option and quantity', [line('1', { optionPair: 'grind:Espresso', quantity: 2 })], ['1|grind:Espresso|2|product']],
    ['products before add-ons, each in the order\'s order', [line('9', { addOn: true }), line('1'), line('2')], ['1||1|product', '2||1|product', '9||1|addon']],
    ['two lines of the same product and option summed', [line('1', { quantity: 2 }), line('1', { quantity: 3 })], ['1||5|product']],
    ['the same product in two options kept apart', [line('1', { optionPair: 'size:S' }), line('1', { optionPair: 'size:M' })], ['1|size:S|1|product', '1|size:M|1|product']],
    ['a line of nothing left out', [line('1', { quantity: 0 }), line('2')], ['2||1|product']]
  ] as const)('%s', (_, lines, expected) => {
    expect(buyAgainItems(lines as readonly OrderLine[]).map((i) => `${i.productId}|${i.optionPair}|${i.quantity}|${i.addOn ? 'addon' : 'product'}`)).toEqual(expected)
  })

  it.each([
    [0, 'offline'],
    [404, 'gone'],
    [410, 'gone'],
    [409, 'stock'],
    [401, 'signIn'],
    [400, 'other'],
    [500, 'other'],
    [null, 'other']
  ] as const)('a refusal with status %s reads as %s', (status, reason) => {
    expect(buyAgainReason(status)).toBe(reason)
  })

  const item = buyAgainItems([line('1')])[0]
  it.each([
    ['every line in: all (go to the cart)', [null, null], 'all', 2, []],
    ['one refused: some, and which', [null, { status: 409, message: 'Only 0 left in stock' }], 'some', 1, ['stock']],
    ['every line refused: none', [{ status: 404, message: 'Product 1 not found' }], 'none', 0, ['gone']],
    ['nothing to add: none', [], 'none', 0, []]
  ] as const)('%s', (_, refusals, kind, added, reasons) => {
    const outcome = buyAgainOutcome(refusals.map((refused) => ({ item, refused })))
    expect(outcome.kind).toBe(kind)
    expect(outcome.added).toBe(added)
    expect(outcome.refused.map((r) => r.reason)).toEqual(reasons)
  })
})
