/** Store content (spec §7): general pages, section templates, store images, coupons, the contact form. */
import { Type, type Static } from '@sinclair/typebox'
import { Localized, Nullable, OperatorText, StringEnum } from './common.ts'
import { INFLUENCER_SECTION_KINDS } from './constants.ts'

export const PageContentQuery = Type.Object({ pageName: Type.String({ minLength: 1, maxLength: 100 }) })
export type PageContentQuery = Static<typeof PageContentQuery>
export const PageContent = Type.Object({
  pageName: Type.String(),
  title: Localized,
  /** HTML written by the store operator. */
  content: Localized
})
export type PageContent = Static<typeof PageContent>

const LinkActionType = StringEnum(['INTERNAL_LINK', 'EXTERNAL_LINK'])

export const BannerSlide = Type.Object({
  image: Type.String(),
  title: Type.Optional(OperatorText),
  subtitle: Type.Optional(OperatorText),
  link: Type.Optional(Type.String()),
  linkActionType: Type.Optional(LinkActionType)
})
export type BannerSlide = Static<typeof BannerSlide>

export const FeaturedCategory = Type.Object({
  name: Type.String(),
  nameContent: Type.Optional(OperatorText),
  image: Type.Optional(Type.String()),
  link: Type.Optional(Type.String())
})
export type FeaturedCategory = Static<typeof FeaturedCategory>

/** The blocks a section template is made of; clients skip kinds they do not know. */
export const Section = Type.Union([
  Type.Object({ kind: Type.Literal('banner'), id: Type.String(), slides: Type.Array(BannerSlide) }),
  Type.Object({ kind: Type.Literal('featuredCategories'), id: Type.String(), title: Type.Optional(OperatorText), categories: Type.Array(FeaturedCategory) }),
  Type.Object({
    kind: Type.Literal('productCarousel'),
    id: Type.String(),
    title: Type.Optional(OperatorText),
    tagName: Type.String(),
    numberToLoad: Type.Optional(Type.Integer())
  }),
  /** The home page's entry to the live rooms: a shop with live rooms puts it in its home template (none: no entry). */
  Type.Object({ kind: Type.Literal('liveRooms'), id: Type.String() }),
  /** A block an influencer may add to a profile (template type 'influencer'; contract/influencers.ts). */
  Type.Object({ kind: Type.Literal('influencerSection'), id: Type.String(), block: StringEnum(INFLUENCER_SECTION_KINDS), title: OperatorText })
])
export type Section = Static<typeof Section>

export const SectionTemplateParams = Type.Object({ type: Type.String({ minLength: 1, maxLength: 60 }) })
export type SectionTemplateParams = Static<typeof SectionTemplateParams>
export const SectionTemplate = Type.Object({ type: Type.String(), sections: Type.Array(Section) })
export type SectionTemplate = Static<typeof SectionTemplate>

export const ImageParams = Type.Object({ name: Type.String({ maxLength: 100 }) })
export type ImageParams = Static<typeof ImageParams>
/** Store images are generated SVGs or the operator's imported photos (JPEG); uploaded pictures are PNG, JPEG, GIF or WebP. */
export const StoreImage = {
  description: 'The image: a drawn SVG, or an imported product photo (JPEG, photo-<hash>.jpg, photo-<hash>-400.jpg for cards)',
  content: { 'image/svg+xml': { schema: Type.String() }, 'image/jpeg': { schema: Type.String({ format: 'binary' }) } }
}
/** A brand mark the client loads by URL rather than bundling (the payment and social badges): a CC0 SVG file. */
export const BrandMarkImage = {
  description: 'The brand mark: an SVG file ({mark}.svg, e.g. unionpay.svg), from a pinned CC0 source',
  content: { 'image/svg+xml': { schema: Type.String() } }
}
export const UploadedImage = {
  description: 'The uploaded image (its own media type)',
  content: { 'image/*': { schema: Type.String({ format: 'binary' }) } }
}

export const Coupon = Type.Object({
  code: Type.String(),
  type: StringEnum(['PERCENT', 'FIXED']),
  /** Percent, or minor units for FIXED. */
  value: Type.Integer(),
  minSubtotal: Type.Integer(),
  description: Type.String(),
  descriptionContent: Localized,
  expiresAt: Nullable(Type.String({ format: 'date-time' })),
  expired: Type.Boolean(),
  /** Given to the signed-in account (not public): only that account sees and uses it. */
  personal: Type.Boolean()
})
export type Coupon = Static<typeof Coupon>
export const Coupons = Type.Object({ coupons: Type.Array(Coupon) })
export type Coupons = Static<typeof Coupons>
export const CouponCodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) })
export type CouponCodeParams = Static<typeof CouponCodeParams>

/** The contact page's message (spec §7): a name, an e-mail or a phone (at least one) to answer, the message. */
export const ContactForm = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  subject: Type.Optional(Type.String({ maxLength: 200 })),
  message: Type.String({ minLength: 1, maxLength: 5000 }),
  phone: Type.Optional(Type.String({ maxLength: 30 })),
  formName: Type.Optional(Type.String({ maxLength: 60 })),
  /** Anti-spam honeypot: a field people never see. A message that fills it gets the usual answer and is dropped. */
  website: Type.Optional(Type.String({ maxLength: 500 }))
})
export type ContactForm = Static<typeof ContactForm>
export const ContactFormReceipt = Type.Object({ ok: Type.Boolean(), id: Type.String() })
export type ContactFormReceipt = Static<typeof ContactFormReceipt>
