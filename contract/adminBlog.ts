/**
 * The back office's blog posts (issue 43; owner: permission blog.edit), as `npm run blog` keeps them
 * (server/src/services/blog.ts): every post, drafts and scheduled ones too; a post written in both languages (title,
 * summary, the body as HTML, sanitised whenever the storefront answers it), its cover (an https URL, an image name, or
 * a photo uploaded with the catalogue importer's checks) and linked products; published now or at a time, or made a
 * draft again. The bodies here only bound sizes: the service's rules decide, a refusal naming each problem by its field
 * (`title.zh: required`, `cover: ...`).
 */
import { Type, type Static } from '@sinclair/typebox'
import { Localized, Nullable, StringEnum } from './common.ts'

const Texts = (maxLength: number) => Type.Object({ en: Type.String({ maxLength }), zh: Type.String({ maxLength }) })

/** A post as written (PUT blog/:slug; POST blog adds the slug). */
export const AdminBlogPostBody = Type.Object({
  category: Type.String({ maxLength: 60 }),
  title: Texts(200),
  summary: Texts(1000),
  /** HTML, sanitised to the safe subset of CONTRACT.md "Blog" whenever answered. */
  body: Texts(200_000),
  /** An https URL, an image name (blog-my-post.svg) or an uploaded photo's name (POST blog/cover). */
  cover: Type.String({ maxLength: 600 }),
  productIds: Type.Array(Type.String({ maxLength: 12 }), { maxItems: 50 })
})
export type AdminBlogPostBody = Static<typeof AdminBlogPostBody>
export const AdminBlogNewPost = Type.Composite([Type.Object({ slug: Type.String({ maxLength: 100 }) }), AdminBlogPostBody])
export type AdminBlogNewPost = Static<typeof AdminBlogNewPost>

/** draft: no publication time; scheduled: one still to come; published: shoppers read it. */
export const BLOG_POST_STATES = ['draft', 'scheduled', 'published'] as const
export const AdminBlogPost = Type.Composite([AdminBlogNewPost, Type.Object({
  publishedAt: Nullable(Type.String({ format: 'date-time' })),
  state: StringEnum(BLOG_POST_STATES)
})])
export type AdminBlogPost = Static<typeof AdminBlogPost>

export const AdminBlogRow = Type.Object({
  slug: Type.String(),
  category: Type.String(),
  title: Localized,
  publishedAt: Nullable(Type.String({ format: 'date-time' })),
  state: StringEnum(BLOG_POST_STATES)
})
export const AdminBlogList = Type.Object({
  /** Newest publication first, drafts last (as `npm run blog -- list`). */
  posts: Type.Array(AdminBlogRow),
  categories: Type.Array(Type.Object({ name: Type.String(), nameContent: Localized }))
})
export type AdminBlogList = Static<typeof AdminBlogList>

export const AdminBlogSlug = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) })
export type AdminBlogSlug = Static<typeof AdminBlogSlug>

/** POST blog/:slug/publish: now without `at`, else at that time (a time to come schedules it). */
export const AdminBlogPublishBody = Type.Object({ at: Type.Optional(Nullable(Type.String({ maxLength: 40 }))) })
export type AdminBlogPublishBody = Static<typeof AdminBlogPublishBody>

/** POST blog/cover and campaigns/cover: a photo (base64 of the file), checked and resized as the catalogue importer does. */
export const AdminCoverBody = Type.Object({ data: Type.String({ minLength: 1, maxLength: 28_000_000 }) })
export type AdminCoverBody = Static<typeof AdminCoverBody>
/** The stored photo's name, to give as a cover. */
export const AdminCover = Type.Object({ image: Type.String() })
export type AdminCover = Static<typeof AdminCover>
