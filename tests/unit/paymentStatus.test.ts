import { checkResult, POLL_INTERVAL_MS, shouldPoll, transactionErrorMessage } from '@/domain/paymentStatus'

describe('spec §4 "Payment check result"', () => {
  it.each([
    // "status INTERIM with paymentStatus NOT_PAID = Pending"
    [{ status: 'INTERIM', paymentStatus: 'NOT_PAID', orderID: '9' }, { view: 'pending' }],
    // "status NEW with PAID_ONLINE = Success (order id shown)"
    [{ status: 'NEW', paymentStatus: 'PAID_ONLINE', orderID: '9' }, { view: 'success', orderID: '9' }],
    [{ status: 'NEW', paymentStatus: 'PAID_ONLINE' }, { view: 'success', orderID: '' }],
    // "status FAILED with paymentStatus FAILED = Fail (failure view)"
    [{ status: 'FAILED', paymentStatus: 'FAILED', orderID: '9' }, { view: 'failure' }],
    // "If qrCodeScan flag with orderID is returned, switch to the in-process view"
    [{ qrCodeScan: true, orderID: '9' }, { view: 'inProcess', orderID: '9' }],
    [{ qrCodeScan: true, orderID: '9', status: 'INTERIM', paymentStatus: 'NOT_PAID' }, { view: 'inProcess', orderID: '9' }],
    [{ qrCodeScan: true, status: 'INTERIM', paymentStatus: 'NOT_PAID' }, { view: 'pending' }],
    [{ qrCodeScan: false, orderID: '9', status: 'INTERIM', paymentStatus: 'NOT_PAID' }, { view: 'pending' }],
    // our reading of the combinations the spec does not name
    [{ status: 'INTERIM', paymentStatus: 'PAID_ONLINE' }, { view: 'pending' }],
    [{ status: 'INTERIM', paymentStatus: 'FAILED' }, { view: 'failure' }],
    [{ status: 'NEW', paymentStatus: 'NOT_PAID' }, { view: 'failure' }],
    [{ status: 'FAILED', paymentStatus: 'NOT_PAID' }, { view: 'failure' }],
    [{ status: 'CANCELLED', paymentStatus: 'REFUNDED' }, { view: 'failure' }]
  ])('%o → %o', (response, view) => {
    expect(checkResult(response)).toEqual(view)
  })
})

describe('spec "Status response lacking status or paymentStatus gives \'no status or no payment status\'"', () => {
  it.each([
    [{ paymentStatus: 'NOT_PAID' }],
    [{ status: 'INTERIM' }],
    [{ status: '', paymentStatus: 'PAID_ONLINE' }],
    [{ orderID: '9' }],
    [{ qrCodeScan: true }],
    [{}],
    [null]
  ])('%o', (response) => {
    expect(checkResult(response)).toEqual({ view: 'error', message: 'no status or no payment status' })
  })
})

describe('spec "Pending (recheck every 2 seconds, repeating)"', () => {
  it('polls every 2 seconds', () => {
    expect(POLL_INTERVAL_MS).toBe(2000)
  })

  it.each([
    ['pending', true],
    ['success', false],
    ['failure', false],
    ['inProcess', false],
    ['error', false]
  ] as const)('%s → poll %p', (view, poll) => {
    expect(shouldPoll(view)).toBe(poll)
  })

  it('accepts a whole view', () => {
    expect(shouldPoll(checkResult({ status: 'INTERIM', paymentStatus: 'NOT_PAID' }))).toBe(true)
    expect(shouldPoll(checkResult({ status: 'NEW', paymentStatus: 'PAID_ONLINE', orderID: '1' }))).toBe(false)
  })
})

describe('spec "Transaction errors: … first message of the response error list displayed"', () => {
  it.each([
    [{ errors: ['Card declined', 'Second'] }, 'Card declined'],
    [{ errors: ['', 'Second'] }, 'Second'],
    [{ errors: [], message: 'Server says no' }, 'Server says no'],
    [{ message: 'Server says no' }, 'Server says no'],
    [{ errors: [42, 'Text'] }, 'Text'],
    [{ errors: [] }, undefined],
    [{}, undefined],
    [null, undefined]
  ])('%o → %p', (body, message) => {
    expect(transactionErrorMessage(body)).toBe(message)
  })
})
