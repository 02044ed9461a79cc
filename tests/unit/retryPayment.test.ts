import { retryPaymentStep, STARTED_PAYMENT_TTL_MS } from '@/domain/retryPayment'

describe('issue 42 n-4: Retry payment reopens the same order\'s payment when this device started it', () => {
  const now = 1_800_000_000_000
  it.each([
    ['nothing started here', undefined, '100012', { kind: 'checkout' }],
    ['another order started', { orderID: '100011', channel: 'CARD', at: now - 1000 }, '100012', { kind: 'checkout' }],
    ['no order on the page', { orderID: '100012', channel: 'CARD', at: now - 1000 }, '', { kind: 'checkout' }],
    ['this order on the card page', { orderID: '100012', channel: 'CARD', at: now - 1000 }, '100012', { kind: 'pay', channel: 'CARD' }],
    ['this order in a mini-program sheet (no channel)', { orderID: '100012', at: now - 1000 }, '100012', { kind: 'pay' }],
    ['started a day ago: no longer held', { orderID: '100012', channel: 'CARD', at: now - STARTED_PAYMENT_TTL_MS }, '100012', { kind: 'checkout' }],
    ['started in the future (clock changed)', { orderID: '100012', channel: 'CARD', at: now + 60_000 }, '100012', { kind: 'checkout' }]
  ] as const)('%s', (_, started, orderID, step) => {
    expect(retryPaymentStep(started, orderID, now)).toEqual(step)
  })
})
