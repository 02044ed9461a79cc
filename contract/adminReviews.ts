/**
 * The back office's influencer reviews and payments needing attention (issue 43). Reviews are the shop's daily work
 * (permission reviews.decide: owner and staff), what `npm run influencers` does: the profiles, those waiting for review
 * first, a version to review with its pictures, approve, reject with a reason the shopper sees, suspend. Attention is
 * the owner's (attention.handle), what `npm run attention` lists (server/src/payments/attention.ts): stuck refunds,
 * payments to return, open disputes, failed WeChat shipping uploads, statement lines the reconciliation found; a refund
 * the provider ended ABNORMAL/CLOSED, or a statement line, is marked handled by the staff member (once).
 */
import { Type, type Static } from '@sinclair/typebox'
import { Nullable, StringEnum } from './common.ts'
import { InfluencerProfileInput } from './influencers.ts'

export const AdminReviewRow = Type.Object({
  id: Type.String(),
  email: Type.String(),
  displayName: Type.String(),
  status: Type.String(),
  /** NONE, CHECKING (the content check's verdict still to come), PENDING (waiting for a person), REJECTED. */
  review: Type.String(),
  reason: Nullable(Type.String()),
  refusedBy: Nullable(Type.String()),
  likes: Type.Integer(),
  submittedAt: Type.String()
})
export const AdminReviewList = Type.Object({ profiles: Type.Array(AdminReviewRow) })
export type AdminReviewList = Static<typeof AdminReviewList>

export const AdminReviewId = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,9}$' }) })
export type AdminReviewId = Static<typeof AdminReviewId>

/** GET reviews/:id: the version waiting for review (else the published one), its pictures at `url`. */
export const AdminReview = Type.Object({
  profile: AdminReviewRow,
  version: InfluencerProfileInput,
  images: Type.Array(Type.Object({ name: Type.String(), url: Type.String() }))
})
export type AdminReview = Static<typeof AdminReview>

export const ADMIN_REVIEW_DECISIONS = ['approve', 'reject', 'suspend'] as const
/** POST reviews/:id: approve publishes the version (or lifts a suspension); reject needs a reason, which the shopper sees. */
export const AdminReviewDecision = Type.Object({
  decision: StringEnum(ADMIN_REVIEW_DECISIONS),
  reason: Type.Optional(Type.String({ maxLength: 500 }))
})
export type AdminReviewDecision = Static<typeof AdminReviewDecision>

export const AdminAttentionQuery = Type.Object({
  stuckAfterMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999 }))
})
export type AdminAttentionQuery = Static<typeof AdminAttentionQuery>
export const AdminAttentionItem = Type.Object({
  kind: StringEnum(['refund', 'return', 'dispute', 'shipping', 'statement'] as const),
  since: Type.String(),
  id: Type.String(),
  orderID: Nullable(Type.String()),
  depositId: Nullable(Type.String()),
  amount: Nullable(Type.Integer()),
  currency: Nullable(Type.String()),
  detail: Type.String(),
  /** Whether `handled` applies to it (a refund the provider ended failed, a statement line). */
  handleable: Type.Boolean()
})
export const AdminAttention = Type.Object({ items: Type.Array(AdminAttentionItem) })
export type AdminAttention = Static<typeof AdminAttention>
export const AdminHandledBody = Type.Object({
  kind: StringEnum(['refund', 'statement'] as const),
  id: Type.String({ minLength: 1, maxLength: 200 })
})
export type AdminHandledBody = Static<typeof AdminHandledBody>
