/**
 * The blog (the spec's lazy area "blog", whose content the spec does not show; calls chosen here under common3, see
 * server/CONTRACT.md "Blog"). Posts are bilingual; their bodies are written by the operator as HTML and answered as a
 * sanitised tree of blocks and spans (`RichBlock`), which every platform renders with its own views: no HTML reaches a
 * client.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Localized, PageFields, PagingQuery, StringEnum } from './common.ts'
import { Product } from './catalog.ts'

/** A run of text with the marks the safe subset knows. */
export const RichSpan = Type.Object({
  text: Type.String(),
  bold: Type.Optional(Type.Boolean()),
  italic: Type.Optional(Type.Boolean()),
  /** A link: a storefront path ('/store/product/1011') or an https URL; nothing else survives sanitising. */
  href: Type.Optional(Type.String())
})
export type RichSpan = Static<typeof RichSpan>

/** One block of a post's body: text (paragraph, heading, subheading, quote), a list, or an image. */
export const RichBlock = Type.Union([
  Type.Object({ type: StringEnum(['paragraph', 'heading', 'subheading', 'quote']), spans: Type.Array(RichSpan) }),
  Type.Object({ type: StringEnum(['bulletList', 'numberedList']), items: Type.Array(Type.Array(RichSpan)) }),
  /** `src` follows the image rule: a CDN name unless it starts with https. */
  Type.Object({ type: Type.Literal('image'), src: Type.String(), alt: Type.String() })
])
export type RichBlock = Static<typeof RichBlock>

export const BlogCategory = Type.Object({
  /** The key the list filters by (`?category=`). */
  name: Type.String(),
  nameContent: Localized,
  /** Published posts in it. */
  postCount: Type.Integer({ minimum: 0 })
})
export type BlogCategory = Static<typeof BlogCategory>
export const BlogCategories = Type.Object({ categories: Type.Array(BlogCategory) })
export type BlogCategories = Static<typeof BlogCategories>

export const BlogPostSummary = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  titleContent: Localized,
  summary: Type.String(),
  summaryContent: Localized,
  /** Follows the image rule: a CDN name unless it starts with https. */
  cover: Type.String(),
  category: Type.String(),
  categoryContent: Localized,
  publishedAt: Type.String({ format: 'date-time' }),
  /** The linked products, in the operator's order (those still on sale). */
  productIds: Type.Array(Type.String())
})
export type BlogPostSummary = Static<typeof BlogPostSummary>

export const BlogPostsQuery = Type.Object({
  category: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  ...PagingQuery
})
export type BlogPostsQuery = Static<typeof BlogPostsQuery>
export const BlogPostPage = Type.Object({ posts: Type.Array(BlogPostSummary), ...PageFields })
export type BlogPostPage = Static<typeof BlogPostPage>

export const BlogSlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) })
export type BlogSlugParams = Static<typeof BlogSlugParams>

export const BlogPost = Type.Composite([
  BlogPostSummary,
  Type.Object({
    body: Type.Object({ en: Type.Array(RichBlock), zh: Type.Array(RichBlock) }),
    /** The linked products themselves (same order as productIds). */
    products: Type.Array(Product)
  })
])
export type BlogPost = Static<typeof BlogPost>
