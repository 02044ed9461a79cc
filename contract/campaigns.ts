/**
 * Group-buy (fission) campaigns (spec §1, §2, §7): the campaign list and detail, campaign items, the shopper's campaign
 * cart (one per campaign, separate from the normal cart), reserving a campaign order and the public participant list.
 * Every answer carries `serverTime`: countdowns run from the server's clock (endsAt - serverTime), never the device's.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Localized, Nullable, StringEnum } from './common.ts'

/**
 * UPCOMING: not started; OPEN: joinable; CLOSING: the end has passed and the sweeper has not settled it yet (nobody can
 * join); SUCCEEDED: the target was reached; FAILED: the end came first and its paid orders are refunded.
 */
export const CAMPAIGN_STATUSES = ['UPCOMING', 'OPEN', 'CLOSING', 'SUCCEEDED', 'FAILED'] as const
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number]

export const Campaign = Type.Object({
  id: Type.String(),
  name: Type.String(),
  nameContent: Localized,
  description: Type.String(),
  descriptionContent: Localized,
  cover: Nullable(Type.String()),
  /** Paid participants needed. */
  target: Type.Integer({ minimum: 1 }),
  /** Shoppers with a paid order in the campaign. */
  participants: Type.Integer({ minimum: 0 }),
  status: StringEnum(CAMPAIGN_STATUSES),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  /** The store the campaign's orders are picked up at. */
  localStoreName: Localized,
  /** Lowest campaign price and the regular price of that item, minor units of currency. */
  fromPrice: Type.Integer(),
  regularPrice: Type.Integer(),
  currency: Type.String()
})
export type Campaign = Static<typeof Campaign>

export const CampaignList = Type.Object({ campaigns: Type.Array(Campaign), serverTime: Type.String({ format: 'date-time' }) })
export type CampaignList = Static<typeof CampaignList>
export const CampaignListQuery = Type.Object({
  /** all: every campaign; default: the ones not yet settled plus those settled in the last 7 days. */
  scope: Type.Optional(StringEnum(['current', 'all'] as const))
})
export type CampaignListQuery = Static<typeof CampaignListQuery>

/**
 * JOINED: a paid order of the shopper is in the group; PAYMENT_PENDING: (the campaign open) only a reserved order
 * waits for its payment; REFUND_PENDING / REFUNDED: the group failed and the shopper's paid order is being / has been
 * refunded. A cancelled order, or one refunded while the campaign did not fail, is not in the group.
 */
export const PARTICIPATION_STATES = ['JOINED', 'PAYMENT_PENDING', 'REFUND_PENDING', 'REFUNDED'] as const
export type ParticipationState = (typeof PARTICIPATION_STATES)[number]

/** The signed-in shopper's part in a campaign (our addition to the spec's campaign detail). */
export const CampaignParticipation = Type.Object({
  state: StringEnum(PARTICIPATION_STATES),
  /** Units in the orders `state` is about (the paid ones; the reserved one while payment is pending). */
  units: Type.Integer({ minimum: 0 }),
  /** Those orders, newest first. */
  orderIDs: Type.Array(Type.String()),
  /** The shopper's reserved campaign order waiting for payment (also beside a paid one), while the campaign is open. */
  pendingOrderID: Nullable(Type.String()),
  /** Units of each item in the shopper's paid orders (what counts against the item's limitPerShopper). */
  items: Type.Array(Type.Object({ itemId: Type.String(), units: Type.Integer({ minimum: 1 }) }))
})
export type CampaignParticipation = Static<typeof CampaignParticipation>

export const CampaignDetail = Type.Object({
  campaign: Campaign,
  serverTime: Type.String({ format: 'date-time' }),
  /** The signed-in shopper's part in the group; null for a guest (not known) or a shopper not in it. */
  participation: Type.Optional(Nullable(CampaignParticipation))
})
export type CampaignDetail = Static<typeof CampaignDetail>

export const CampaignItem = Type.Object({
  id: Type.String(),
  campaignId: Type.String(),
  productId: Type.String(),
  name: Type.String(),
  nameContent: Localized,
  image: Nullable(Type.String()),
  /** '' for a product without options. */
  optionPair: Type.String(),
  optionLabels: Type.Array(Localized),
  campaignPrice: Type.Integer(),
  regularPrice: Type.Integer(),
  currency: Type.String(),
  /** Campaign stock left. */
  available: Type.Integer({ minimum: 0 }),
  limitPerShopper: Type.Integer({ minimum: 1 })
})
export type CampaignItem = Static<typeof CampaignItem>

export const CampaignItems = Type.Object({ items: Type.Array(CampaignItem) })
export type CampaignItems = Static<typeof CampaignItems>
export const CampaignItemsQuery = Type.Object({ fissionCampaignId: Type.String({ minLength: 1, maxLength: 12 }) })
export type CampaignItemsQuery = Static<typeof CampaignItemsQuery>

export const CampaignParams = Type.Object({ campaign: Type.String({ maxLength: 12 }) })
export type CampaignParams = Static<typeof CampaignParams>

/** POST adds quantity to an item's line (creating it); PUT sets it (0 removes). */
export const CampaignCartBody = Type.Object({
  itemId: Type.String({ minLength: 1, maxLength: 12 }),
  quantity: Type.Integer({ minimum: 0, maximum: 999 }),
  /** The my_id from the share link (FissionSale link's `inviter`); counted only when this shopper pays. */
  inviter: Type.Optional(Type.String({ maxLength: 40 }))
})
export type CampaignCartBody = Static<typeof CampaignCartBody>

export const CampaignCartLine = Type.Object({
  item: CampaignItem,
  quantity: Type.Integer({ minimum: 1 }),
  lineTotal: Type.Integer()
})
export type CampaignCartLine = Static<typeof CampaignCartLine>

export const CampaignCart = Type.Object({
  campaign: Campaign,
  lines: Type.Array(CampaignCartLine),
  itemCount: Type.Integer({ minimum: 0 }),
  subtotal: Type.Integer(),
  /** What the shopper saves against the regular prices. */
  savings: Type.Integer(),
  total: Type.Integer(),
  currency: Type.String(),
  /** The unpaid campaign order of this cart, if one is reserved. */
  reservedOrderID: Nullable(Type.String()),
  serverTime: Type.String({ format: 'date-time' })
})
export type CampaignCart = Static<typeof CampaignCart>

/** Reserving the campaign cart as an order: campaign stock is taken now; pay it with any payment call. */
export const CampaignReserveBody = Type.Union([Type.Null(), Type.Object({})])

/** The public participant list: names masked, newest first. */
export const CampaignParticipant = Type.Object({
  name: Type.String(),
  joinedAt: Type.String({ format: 'date-time' }),
  /** True when this participant came through another participant's share link. */
  invited: Type.Boolean()
})
export type CampaignParticipant = Static<typeof CampaignParticipant>
export const CampaignOrdersQuery = Type.Object({ fissionCampaignId: Type.String({ minLength: 1, maxLength: 12 }) })
export type CampaignOrdersQuery = Static<typeof CampaignOrdersQuery>
export const CampaignOrders = Type.Object({
  campaignId: Type.String(),
  participants: Type.Array(CampaignParticipant),
  serverTime: Type.String({ format: 'date-time' })
})
export type CampaignOrders = Static<typeof CampaignOrders>

/** On an order of a campaign: which campaign and where it stands (the order list shows the group state). */
export const OrderCampaign = Type.Object({
  id: Type.String(),
  nameContent: Localized,
  status: StringEnum(CAMPAIGN_STATUSES),
  participants: Type.Integer(),
  target: Type.Integer(),
  endsAt: Type.String({ format: 'date-time' })
})
export type OrderCampaign = Static<typeof OrderCampaign>
