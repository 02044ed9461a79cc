/**
 * The back office's blog posts (issue 43; contract/adminBlog.ts; owner: blog.edit): what `npm run blog` does (list,
 * add, publish, unpublish), through the same code (services/blog.ts: one set of rules for the CLI and the screens), each
 * change a line of the activity with who made it (the CLI's lines as the system user, `via: command line`). A cover may
 * be a photo uploaded with the catalogue importer's checks (photos.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../db/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { allBlogPosts, blogCategories, blogPostAsWritten, saveBlogPost, setBlogPostPublished, type BlogPostInput } from '../../services/blog.ts';
import {
  AdminBlogList, AdminBlogNewPost, AdminBlogPost, AdminBlogPostBody, AdminBlogPublishBody, AdminBlogSlug, AdminCover, AdminCoverBody,
} from '../../../../contract/adminBlog.ts';
import { NoBody } from '../../../../contract/common.ts';
import { checkedPhoto, storePhotos } from './photos.ts';
import { recordActivity, type Actor } from './service.ts';

const stateOf = (publishedAt: string | null, now = Date.now()) =>
  publishedAt === null ? 'draft' as const : new Date(publishedAt).getTime() > now ? 'scheduled' as const : 'published' as const;

export async function blogList(q: Queryable): Promise<AdminBlogList> {
  const [posts, categories] = await Promise.all([allBlogPosts(q), blogCategories(q)]);
  return {
    posts: posts.map((p) => ({ slug: p.slug, category: p.category, title: p.titleContent, publishedAt: p.publishedAt, state: stateOf(p.publishedAt) })),
    categories: categories.map((c) => ({ name: c.name, nameContent: c.nameContent })),
  };
}

export async function blogPage(q: Queryable, slug: string): Promise<AdminBlogPost> {
  const p = await blogPostAsWritten(q, slug);
  return { ...p, state: stateOf(p.publishedAt) };
}

/**
 * Saves a post as `blog add` does (a draft when new; an edit keeps its publication), recorded in the activity. `expect`:
 * the screens' new post (409 when the slug is taken) and edit (404 when it is gone); the CLI's add is either.
 */
export async function saveBlogPostBy(db: Db, by: Actor, post: Partial<BlogPostInput>, expect?: 'new' | 'existing', detail: Record<string, unknown> = {}): Promise<void> {
  await db.tx(async (q) => {
    const before = (await q.query('SELECT 1 FROM blog_posts WHERE slug = $1', [String(post.slug ?? '').trim()])).rows.length > 0;
    await saveBlogPost(q, post, expect);
    await recordActivity(q, by, before ? 'blog.edit' : 'blog.add', String(post.slug).trim(), { title: post.title?.en, cover: post.cover, ...detail });
  });
}

/** Publishes a post at `at` (a time to come schedules it), or with null makes it a draft again, as `blog publish|unpublish`; recorded. */
export async function publishBlogPostBy(db: Db, by: Actor, slug: string, at: Date | null, detail: Record<string, unknown> = {}): Promise<void> {
  await db.tx(async (q) => {
    await setBlogPostPublished(q, slug, at);
    await recordActivity(q, by, at ? 'blog.publish' : 'blog.unpublish', slug, { ...(at ? { at: at.toISOString() } : {}), ...detail });
  });
}

/** A cover photo, checked and stored as the catalogue importer does (blog posts and campaigns); answers its name. */
export async function uploadCover(db: Db, data: string): Promise<AdminCover> {
  const photos = await checkedPhoto(data, 'cover');
  await db.tx((q) => storePhotos(q, photos));
  return { image: photos[0].name };
}

const publicationTime = (at: string | null | undefined): Date => {
  if (at == null || at === '') return new Date();
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) throw badRequest([`at: '${at.slice(0, 40)}' is not a date and time`]);
  return d;
};

/** Registered inside the admin API by routes.ts (one line). */
export function blogRoutes(app: FastifyInstance) {
  const config = { permission: 'blog.edit' as const };
  const bodyLimit = 2 * 1024 * 1024;
  app.get('/blog', { config, schema: { summary: 'Every blog post, drafts and scheduled ones too, and the categories (owner)', response: { 200: AdminBlogList } } },
    async () => blogList(app.db));
  app.post<{ Body: AdminBlogNewPost }>('/blog', { config, bodyLimit, schema: { summary: 'Add a blog post as a draft, checked as `npm run blog -- add` checks it (409 when the slug is taken) (owner)', body: AdminBlogNewPost, response: { 200: AdminBlogPost } } },
    async (req) => {
      await saveBlogPostBy(app.db, req.staff!, req.body, 'new');
      return blogPage(app.db, req.body.slug.trim());
    });
  app.post<{ Body: { data: string } }>('/blog/cover', { config, bodyLimit: 28 * 1024 * 1024, schema: { summary: 'Upload a cover photo: checked and resized as the catalogue importer does; answers the name to give as a cover (owner)', body: AdminCoverBody, response: { 200: AdminCover } } },
    async (req) => uploadCover(app.db, req.body.data));
  app.get<{ Params: AdminBlogSlug }>('/blog/:slug', { config, schema: { summary: 'A blog post as written, for editing (owner)', params: AdminBlogSlug, response: { 200: AdminBlogPost } } },
    async (req) => blogPage(app.db, req.params.slug));
  app.put<{ Params: AdminBlogSlug; Body: AdminBlogPostBody }>('/blog/:slug', { config, bodyLimit, schema: { summary: 'Change a blog post (its publication kept), checked as `npm run blog -- add` checks it (owner)', params: AdminBlogSlug, body: AdminBlogPostBody, response: { 200: AdminBlogPost } } },
    async (req) => {
      await saveBlogPostBy(app.db, req.staff!, { ...req.body, slug: req.params.slug }, 'existing');
      return blogPage(app.db, req.params.slug);
    });
  app.post<{ Params: AdminBlogSlug; Body: AdminBlogPublishBody }>('/blog/:slug/publish', { config, schema: { summary: 'Publish a blog post now, or at a time (a time to come schedules it) (owner)', params: AdminBlogSlug, body: AdminBlogPublishBody, response: { 200: AdminBlogPost } } },
    async (req) => {
      await publishBlogPostBy(app.db, req.staff!, req.params.slug, publicationTime(req.body.at));
      return blogPage(app.db, req.params.slug);
    });
  app.post<{ Params: AdminBlogSlug }>('/blog/:slug/unpublish', { config, schema: { summary: 'Make a blog post a draft again (owner)', params: AdminBlogSlug, body: NoBody, response: { 200: AdminBlogPost } } },
    async (req) => {
      await publishBlogPostBy(app.db, req.staff!, req.params.slug, null);
      return blogPage(app.db, req.params.slug);
    });
}
