import type { CampaignParticipation } from '@/features/campaigns/api'
import { campaignCartUrl, campaignOrderState, campaignShareUrl, clockOffset, clockText, countdown, joinChoice, progressPercent, shownStatus } from '@/features/campaigns/campaigns'

describe('countdown on the server clock (never the device clock)', () => {
  const end = '2026-11-23T12:00:00.000Z'
  const serverNow = Date.parse('2026-11-23T10:00:00.000Z')
  it.each([
    ['device clock right', serverNow, 2 * 3600_000],
    ['device a day ahead', serverNow + 86_400_000, 2 * 3600_000],
    ['device an hour behind', serverNow - 3600_000, 2 * 3600_000]
  ])('%s: 2 hours left', (_why, deviceNow, left) => {
    const offset = clockOffset('2026-11-23T10:00:00.000Z', deviceNow)
    expect(countdown(end, deviceNow, offset).remaining).toBe(left)
    // 90 s later on the device, 90 s less
    expect(countdown(end, deviceNow + 90_000, offset).remaining).toBe(left - 90_000)
  })
  it('stops at 0 and splits days, hours, minutes, seconds', () => {
    expect(countdown(end, Date.parse(end) + 5000, 0)).toEqual({ remaining: 0, days: 0, hours: 0, minutes: 0, seconds: 0 })
    const c = countdown(end, Date.parse(end) - ((26 * 60 + 3) * 60 + 4) * 1000, 0)
    expect(c).toMatchObject({ days: 1, hours: 2, minutes: 3, seconds: 4 })
    expect(clockText(c, 'd')).toBe('1d 02:03:04')
    expect(clockText(countdown(end, Date.parse(end) - 65_000, 0), '天')).toBe('00:01:05')
  })
  it('a bad server time gives no offset, a bad end no time left', () => {
    expect(clockOffset('not a date', 5)).toBe(0)
    expect(countdown('nope', 0, 0).remaining).toBe(0)
  })
})

describe('progress', () => {
  it.each([
    [0, 5, 0],
    [2, 5, 40],
    [5, 5, 100],
    [7, 5, 100],
    [1, 3, 33],
    [1, 0, 0]
  ])('%i of %i is %i%%', (p, t, pct) => expect(progressPercent(p, t)).toBe(pct))
})

describe('status shown once the countdown has run out', () => {
  it.each([
    ['OPEN', 1, 'OPEN'],
    ['OPEN', 0, 'CLOSING'],
    ['SUCCEEDED', 0, 'SUCCEEDED'],
    ['FAILED', 0, 'FAILED'],
    ['UPCOMING', 0, 'UPCOMING']
  ] as const)('%s with %i ms left → %s', (status, left, shown) => expect(shownStatus(status, left)).toBe(shown))
})

describe('the state of a campaign order for its shopper', () => {
  it.each([
    ['INTERIM', 'NOT_PAID', 'OPEN', 'awaitingPayment'],
    ['NEW', 'PAID_ONLINE', 'OPEN', 'waiting'],
    ['NEW', 'PAID_ONLINE', 'CLOSING', 'closing'],
    ['NEW', 'PAID_ONLINE', 'SUCCEEDED', 'succeeded'],
    ['COMPLETED', 'PAID_ONLINE', 'SUCCEEDED', 'succeeded'],
    ['NEW', 'PAID_ONLINE', 'FAILED', 'refundPending'],
    ['REFUND_PENDING', 'PAID_ONLINE', 'FAILED', 'refundPending'],
    ['REFUNDED', 'PAID_ONLINE', 'FAILED', 'refunded'],
    ['REFUNDED', 'PAID_ONLINE', 'SUCCEEDED', 'refunded'],
    ['CANCELLED', 'NOT_PAID', 'OPEN', 'cancelled']
  ] as const)('%s / %s in a %s campaign → %s', (order, payment, campaign, state) => expect(campaignOrderState(order, payment, campaign)).toBe(state))
})

describe('links', () => {
  it('share link carries FissionSale and the inviter; the campaign cart keeps them', () => {
    expect(campaignShareUrl('501', 'R1')).toBe('/store/groupCampaign/501?FissionSale=501&inviter=R1')
    expect(campaignShareUrl('501', null)).toBe('/store/groupCampaign/501?FissionSale=501')
    expect(campaignCartUrl('501', 'a b')).toBe('/checkout/campaignCart?FissionSale=501&inviter=a%20b')
    expect(campaignCartUrl('501')).toBe('/checkout/campaignCart?FissionSale=501')
  })
})

describe('joinChoice: what an item\'s join button offers the shopper', () => {
  const item = { id: '9001', limitPerShopper: 2 }
  const part = (state: CampaignParticipation['state'], items: CampaignParticipation['items']): CampaignParticipation =>
    ({ state, units: items.reduce((n, i) => n + i.units, 0), orderIDs: ['1'], pendingOrderID: null, items })
  it.each([
    ['a guest or a shopper not in the group', null, 'join'],
    ['payment pending: not in yet', part('PAYMENT_PENDING', []), 'join'],
    ['in the group with another item', part('JOINED', [{ itemId: '9002', units: 1 }]), 'joinMore'],
    ['in the group, below this item\'s limit', part('JOINED', [{ itemId: '9001', units: 1 }]), 'joinMore'],
    ['at this item\'s limit', part('JOINED', [{ itemId: '9001', units: 2 }]), 'limitReached'],
    ['beyond it (the limit was lowered)', part('JOINED', [{ itemId: '9001', units: 3 }]), 'limitReached']
  ] as const)('%s: %s', (_why, participation, choice) => {
    expect(joinChoice(item, participation)).toBe(choice)
  })
})
