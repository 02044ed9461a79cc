/**
 * The back office's group-buy campaigns (issue 43; owner: permission promotions.edit), as `npm run campaigns` keeps
 * them (server/src/features/campaigns/service.ts): the list (current, or all), a new campaign with its items, and
 * ending an open one now (settled at once: success when the target is reached, else every paid order refunded). The
 * bodies here only bound sizes: the service's rules decide, a refusal naming each problem by its field (`name.zh: ...`,
 * `endsAt: ...`, `items[1].stock: ...`).
 */
import { Type, type Static } from '@sinclair/typebox'
import { Localized, Nullable, StringEnum } from './common.ts'
import { Campaign } from './campaigns.ts'

export const AdminCampaignListQuery = Type.Object({
  /** all: every campaign; default: open ones and those settled in the last 7 days (`campaigns list [--all]`). */
  scope: Type.Optional(StringEnum(['current', 'all'] as const))
})
export type AdminCampaignListQuery = Static<typeof AdminCampaignListQuery>

export const AdminCampaignList = Type.Object({
  campaigns: Type.Array(Campaign),
  serverTime: Type.String({ format: 'date-time' }),
  /** The stores a campaign's orders may be picked up at. */
  stores: Type.Array(Type.Object({ id: Type.String(), name: Localized })),
  /** The store's currency: campaign prices are its minor units. */
  currency: Type.String()
})
export type AdminCampaignList = Static<typeof AdminCampaignList>

const Whole = Type.Integer({ minimum: -2_000_000_000, maximum: 2_000_000_000 })

/** An item: a product (and option combination, '' without options) at a campaign price, with campaign stock and a per-shopper limit. */
export const AdminCampaignItem = Type.Object({
  productId: Type.String({ pattern: '^[0-9]{1,9}$' }),
  optionPair: Type.String({ maxLength: 200 }),
  /** Minor units of the store's currency. */
  campaignPrice: Whole,
  stock: Whole,
  limitPerShopper: Whole
})

/** POST campaigns: the CLI's `create` (startsAt: now when null; endsAt, else `hours` after the start). */
export const AdminCampaignNew = Type.Object({
  name: Type.Object({ en: Type.String({ maxLength: 120 }), zh: Type.String({ maxLength: 120 }) }),
  description: Type.Object({ en: Type.String({ maxLength: 2000 }), zh: Type.String({ maxLength: 2000 }) }),
  /** An https URL, an image name or an uploaded photo's name (POST campaigns/cover); null: none. */
  cover: Nullable(Type.String({ maxLength: 600 })),
  target: Whole,
  store: Type.String({ maxLength: 40 }),
  startsAt: Nullable(Type.String({ maxLength: 40 })),
  endsAt: Nullable(Type.String({ maxLength: 40 })),
  hours: Type.Optional(Nullable(Type.Number({ minimum: -1_000_000, maximum: 1_000_000 }))),
  items: Type.Array(AdminCampaignItem, { maxItems: 50 })
})
export type AdminCampaignNew = Static<typeof AdminCampaignNew>

export const AdminCampaignId = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,9}$' }) })
export type AdminCampaignId = Static<typeof AdminCampaignId>

export const AdminCampaignCreated = Type.Composite([AdminCampaignList, Type.Object({ id: Type.String() })])
export type AdminCampaignCreated = Static<typeof AdminCampaignCreated>

/** POST campaigns/:id/end: how it was settled (null: another process settled it first). */
export const AdminCampaignEnded = Type.Composite([AdminCampaignList, Type.Object({
  settlement: Nullable(Type.Object({
    outcome: StringEnum(['SUCCEEDED', 'FAILED'] as const),
    participants: Type.Integer(),
    refunds: Type.Integer()
  }))
})])
export type AdminCampaignEnded = Static<typeof AdminCampaignEnded>
