/**
 * Influencer profiles (spec §1, §6, §7): a signed-in shopper applies by creating a profile, the store reviews it, the
 * public sees only approved (published) versions; an edit of an approved profile waits for review as a draft while the
 * published version stays public. Texts written by shoppers are plain text (never markup). Images are uploads of the
 * owner, named 'user/<id>' like profile pictures (shown under the CDN path).
 */
import { Type, type Static } from '@sinclair/typebox'
import { Localized, Nullable, PageFields, PagingQuery, StringEnum } from './common.ts'
import { INFLUENCER_GALLERY_MAX, INFLUENCER_SECTION_KINDS } from './constants.ts'

export const INFLUENCER_STATUSES = ['NOT_APPLIED', 'PENDING', 'APPROVED', 'REJECTED', 'SUSPENDED'] as const
/**
 * The review of the owner's latest version: NONE when it is the published one (or nothing was submitted); CHECKING while
 * the store's content check (WeChat's asynchronous picture check) has not answered; PENDING waiting for the operator.
 */
export const INFLUENCER_REVIEWS = ['NONE', 'CHECKING', 'PENDING', 'REJECTED'] as const
/** What the content check refused in a REJECTED version (the shopper is told in their language); absent when a person did. */
export const CONTENT_REFUSALS = ['text', 'image'] as const
export const INFLUENCER_SORTS = ['newest', 'likes'] as const

/** An uploaded image of the owner: 'user/<32 hex>'. */
const ImageName = Type.String({ pattern: '^user/[0-9a-f]{32}$', maxLength: 37 })
/** A product id (decimal digits). */
const ProductId = Type.String({ pattern: '^[0-9]{1,12}$' })

export const SocialLink = Type.Object({
  label: Type.String({ minLength: 1, maxLength: 40 }),
  url: Type.String({ pattern: '^https?://[^\\s<>"]+$', maxLength: 300 })
})
export type SocialLink = Static<typeof SocialLink>

/**
 * A text the owner may write in both languages (our addition, next to the plain one like `xxxContent` elsewhere): either
 * language may be empty, an application may be in one language only; clients show the shopper's, else the other, else
 * the plain text.
 */
const BilingualText = (maxLength: number) => Type.Object({ en: Type.String({ maxLength }), zh: Type.String({ maxLength }) })
const INFLUENCER_NAME_MAX = 60
const INFLUENCER_TITLE_MAX = 80

/**
 * One block of a profile, made from a section of the store's 'influencer' section template (`template` = that
 * section's id). picks: productIds (1..12); text: text; image: image.
 */
export const InfluencerSection = Type.Object({
  template: Type.String({ minLength: 1, maxLength: 60 }),
  kind: StringEnum(INFLUENCER_SECTION_KINDS),
  title: Type.String({ maxLength: INFLUENCER_TITLE_MAX }),
  /** Optional: the title in en and zh (`title` is the en one, else the zh one). */
  titleContent: Type.Optional(BilingualText(INFLUENCER_TITLE_MAX)),
  text: Type.Optional(Type.String({ maxLength: 4000 })),
  productIds: Type.Optional(Type.Array(ProductId, { maxItems: 12 })),
  image: Type.Optional(ImageName)
})
export type InfluencerSection = Static<typeof InfluencerSection>

/** What the owner writes (POST to apply, PUT to change): plain text everywhere. */
export const InfluencerProfileInput = Type.Object({
  displayName: Type.String({ minLength: 1, maxLength: INFLUENCER_NAME_MAX }),
  /** Optional: the name line in en and zh (`displayName` is the en one, else the zh one). */
  displayNameContent: Type.Optional(BilingualText(INFLUENCER_NAME_MAX)),
  bio: Type.Object({ en: Type.String({ maxLength: 2000 }), zh: Type.String({ maxLength: 2000 }) }),
  avatar: Nullable(ImageName),
  cover: Nullable(ImageName),
  gallery: Type.Array(ImageName, { maxItems: INFLUENCER_GALLERY_MAX }),
  socialLinks: Type.Array(SocialLink, { maxItems: 6 }),
  sections: Type.Array(InfluencerSection, { maxItems: 12 })
})
export type InfluencerProfileInput = Static<typeof InfluencerProfileInput>

/** GET influencer/status: where the signed-in shopper's application stands. `reason` is the reviewer's, on a refusal. */
export const InfluencerStatus = Type.Object({
  status: StringEnum(INFLUENCER_STATUSES),
  review: StringEnum(INFLUENCER_REVIEWS),
  id: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  /** The content check refused the version's text or a picture (server/src/services/contentCheck.ts). */
  refusedBy: Type.Optional(StringEnum(CONTENT_REFUSALS)),
  likes: Type.Integer({ minimum: 0 })
})
export type InfluencerStatus = Static<typeof InfluencerStatus>

/** The owner's view: the latest version (draft) and the public one (null until first approved). */
export const MyInfluencerProfile = Type.Object({
  ...InfluencerStatus.properties,
  draft: InfluencerProfileInput,
  published: Nullable(InfluencerProfileInput)
})
export type MyInfluencerProfile = Static<typeof MyInfluencerProfile>

export const InfluencerImageUpload = Type.Object({ id: Type.String(), image: Type.String() })
export type InfluencerImageUpload = Static<typeof InfluencerImageUpload>
export const InfluencerImageParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{32}$' }) })
export type InfluencerImageParams = Static<typeof InfluencerImageParams>

export const InfluencerListQuery = Type.Object({ ...PagingQuery, sort: Type.Optional(StringEnum(INFLUENCER_SORTS)) })
export type InfluencerListQuery = Static<typeof InfluencerListQuery>

export const InfluencerCard = Type.Object({
  id: Type.String(),
  displayName: Type.String(),
  displayNameContent: Type.Optional(Localized),
  bio: Localized,
  avatar: Nullable(Type.String()),
  cover: Nullable(Type.String()),
  likes: Type.Integer({ minimum: 0 }),
  publishedAt: Type.String({ format: 'date-time' })
})
export type InfluencerCard = Static<typeof InfluencerCard>
export const InfluencerPage = Type.Object({ profiles: Type.Array(InfluencerCard), ...PageFields })
export type InfluencerPage = Static<typeof InfluencerPage>

/** A pick as the public sees it: enough to show it and link to its product page. */
export const InfluencerPick = Type.Object({
  id: Type.String(),
  name: Localized,
  image: Nullable(Type.String()),
  price: Type.Integer(),
  currency: Type.String()
})
export type InfluencerPick = Static<typeof InfluencerPick>

export const PublicInfluencerSection = Type.Object({
  kind: StringEnum(INFLUENCER_SECTION_KINDS),
  title: Type.String(),
  titleContent: Type.Optional(Localized),
  text: Type.Optional(Type.String()),
  image: Type.Optional(Type.String()),
  /** Products that still exist, in the owner's order. */
  picks: Type.Optional(Type.Array(InfluencerPick))
})
export type PublicInfluencerSection = Static<typeof PublicInfluencerSection>

export const InfluencerDetail = Type.Object({
  ...InfluencerCard.properties,
  gallery: Type.Array(Type.String()),
  socialLinks: Type.Array(SocialLink),
  sections: Type.Array(PublicInfluencerSection),
  /** Whether the signed-in shopper likes it (false for guests). */
  liked: Type.Boolean(),
  /** The influencer's referral id (myId), carried by shared links. */
  referralId: Type.String()
})
export type InfluencerDetail = Static<typeof InfluencerDetail>

export const InfluencerIdParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,10}$' }) })
export type InfluencerIdParams = Static<typeof InfluencerIdParams>
/** GET user/like/{id}/true: the server's count after the like (one per shopper per profile). */
export const InfluencerLike = Type.Object({ liked: Type.Boolean(), likes: Type.Integer({ minimum: 0 }) })
export type InfluencerLike = Static<typeof InfluencerLike>
