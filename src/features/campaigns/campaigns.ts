/**
 * Group-buy campaign rules the client applies: the countdown from the server's clock, the progress, the state an
 * order of a campaign is in for its shopper, and the share link (spec §2: FissionSale carries the campaign).
 */
import type { CampaignParticipation, CampaignStatus } from '@contract/campaigns'

/**
 * The difference between the server's clock and this device's, taken when an answer arrived: serverTime - receivedAt.
 * A countdown is endsAt - (now + offset), so a device clock that is wrong does not move the end.
 */
export function clockOffset(serverTime: string, receivedAt: number): number {
  const t = Date.parse(serverTime)
  return Number.isFinite(t) ? t - receivedAt : 0
}

export interface Countdown {
  /** Milliseconds left (0 once the end has passed). */
  remaining: number
  days: number
  hours: number
  minutes: number
  seconds: number
}

export function countdown(endsAt: string, now: number, offset: number): Countdown {
  const end = Date.parse(endsAt)
  const remaining = Number.isFinite(end) ? Math.max(0, end - (now + offset)) : 0
  const s = Math.floor(remaining / 1000)
  return { remaining, days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 }
}

const two = (n: number) => String(n).padStart(2, '0')
/** "2d 03:04:05" style clock text; the day part only when there are days left. */
export function clockText(c: Countdown, dayUnit: string): string {
  const hms = `${two(c.hours)}:${two(c.minutes)}:${two(c.seconds)}`
  return c.days ? `${c.days}${dayUnit} ${hms}` : hms
}

/** Participants of target as a percentage, 0..100. */
export function progressPercent(participants: number, target: number): number {
  if (!(target > 0)) return 0
  return Math.max(0, Math.min(100, Math.round((participants / target) * 100)))
}

/**
 * Where a campaign stands once its countdown reached 0 on this device: an OPEN campaign past its end is CLOSING until
 * the server settles it (nobody can join meanwhile).
 */
export function shownStatus(status: CampaignStatus, remaining: number): CampaignStatus {
  return status === 'OPEN' && remaining <= 0 ? 'CLOSING' : status
}

export type CampaignOrderState = 'awaitingPayment' | 'waiting' | 'succeeded' | 'refundPending' | 'refunded' | 'cancelled' | 'closing'

/** The state of a shopper's campaign order, from the order's status and its campaign's. */
export function campaignOrderState(orderStatus: string, paymentStatus: string, campaignStatus: CampaignStatus): CampaignOrderState {
  if (orderStatus === 'REFUND_PENDING') return 'refundPending'
  if (orderStatus === 'REFUNDED') return 'refunded'
  if (orderStatus === 'CANCELLED') return 'cancelled'
  if (orderStatus === 'INTERIM' || paymentStatus === 'NOT_PAID') return 'awaitingPayment'
  if (campaignStatus === 'SUCCEEDED') return 'succeeded'
  // paid, the campaign failed, and the refund is not recorded yet: it is on its way
  if (campaignStatus === 'FAILED') return 'refundPending'
  if (campaignStatus === 'CLOSING') return 'closing'
  return 'waiting'
}

/** What an item's join button offers: joining; joining with more once in the group; nothing at the per-shopper limit. */
export type JoinChoice = 'join' | 'joinMore' | 'limitReached'

/** The join choice for `item` from the shopper's part in the group (the units of it in their paid orders). */
export function joinChoice(item: { id: string; limitPerShopper: number }, participation: CampaignParticipation | null | undefined): JoinChoice {
  if (participation?.state !== 'JOINED') return 'join'
  const held = participation.items.find((i) => i.itemId === item.id)?.units ?? 0
  return held >= item.limitPerShopper ? 'limitReached' : 'joinMore'
}

/** The campaigns a campaign row shows: the open ones, in the server's order. */
export const openCampaigns = <C extends { status: CampaignStatus }>(data: { campaigns: C[] } | null | undefined): C[] =>
  data?.campaigns.filter((c) => c.status === 'OPEN') ?? []

export const campaignUrl = (id: string) => `/store/groupCampaign/${encodeURIComponent(id)}`

/** The link a participant shares: the campaign page with FissionSale and who invited (their my_id). */
export function campaignShareUrl(id: string, inviter: string | null | undefined): string {
  const query = `FissionSale=${encodeURIComponent(id)}${inviter ? `&inviter=${encodeURIComponent(inviter)}` : ''}`
  return `${campaignUrl(id)}?${query}`
}

/** The campaign cart of the cart action (spec §2), keeping who invited. */
export function campaignCartUrl(id: string, inviter?: string | null): string {
  return `/checkout/campaignCart?FissionSale=${encodeURIComponent(id)}${inviter ? `&inviter=${encodeURIComponent(inviter)}` : ''}`
}
