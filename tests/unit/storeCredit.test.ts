import { appliedStoreCredit, mostStoreCredit, storeCreditRefusal, storeCreditRequest, type StoreCreditProblem } from '@/domain/storeCredit'

describe('mostStoreCredit: the balance, up to the order total before credit', () => {
  it.each<[string, number, { total: number; storeCredit: number }, number]>([
    ['balance under the total', 4000, { total: 5000, storeCredit: 0 }, 4000],
    ['total under the balance', 4000, { total: 1242, storeCredit: 0 }, 1242],
    ['credit already applied counts back into the total', 4000, { total: 742, storeCredit: 500 }, 1242],
    ['a whole order already covered', 4000, { total: 0, storeCredit: 1242 }, 1242],
    ['no balance', 0, { total: 1242, storeCredit: 0 }, 0]
  ])('%s', (_, balance, cart, most) => expect(mostStoreCredit(balance, cart)).toBe(most))
})

describe('storeCreditRequest: the typed amount, or why nothing is sent', () => {
  it.each<[string, { amount: number } | StoreCreditProblem]>([
    ['5', { amount: 500 }],
    [' 12.42 ', { amount: 1242 }],
    ['500', { amount: 50000 }],
    ['', { reason: 'empty', most: 1242 }],
    ['   ', { reason: 'empty', most: 1242 }],
    ['0', { reason: 'empty', most: 1242 }],
    ['0.00', { reason: 'empty', most: 1242 }],
    ['abc', { reason: 'format' }],
    ['5.123', { reason: 'format' }],
    ['-5', { reason: 'format' }]
  ])('%p', (typed, expected) => expect(storeCreditRequest(typed, 1242)).toEqual(expected))
})

describe("storeCreditRefusal: the server's refusals (server/src/routes/checkout.ts) with the amounts they name", () => {
  it.each<[string, StoreCreditProblem]>([
    ['Store credit balance is only 40.00', { reason: 'balance', balance: 4000 }],
    ['Store credit cannot exceed the order total (12.42)', { reason: 'total', total: 1242 }],
    ['Store credit cannot exceed the order total', { reason: 'other', message: 'Store credit cannot exceed the order total' }],
    ['Sign in to use store credit', { reason: 'other', message: 'Sign in to use store credit' }],
    ['Network error, please check your connection', { reason: 'other', message: 'Network error, please check your connection' }]
  ])('%p', (message, expected) => expect(storeCreditRefusal(message)).toEqual(expected))
})

describe('appliedStoreCredit', () => {
  it.each<[{ storeCredit: number } | null | undefined, number | null]>([
    [{ storeCredit: 500 }, 500],
    [{ storeCredit: 0 }, null],
    [null, null],
    [undefined, null]
  ])('%p → %p', (cart, applied) => expect(appliedStoreCredit(cart)).toBe(applied))
})
