/** The blog: categories, pages of published posts, one post with its sanitised body and linked products. */
import type { Queryable } from '../db/index.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { safeImageSrc, sanitizeRichText } from '../lib/richText.ts';
import { PRODUCT_SELECT, toProduct } from './catalog.ts';
import type { BlogCategory, BlogPost, BlogPostPage, BlogPostSummary } from '../../../contract/blog.ts';
import type { Product } from '../../../contract/catalog.ts';

const SLUG_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Published: has a publication time that has come. */
const PUBLISHED = 'p.published_at IS NOT NULL AND p.published_at <= now()';
const POST_SELECT = `SELECT p.*, c.name_en AS cat_en, c.name_zh AS cat_zh FROM blog_posts p JOIN blog_categories c ON c.name = p.category`;

const linkedIds = (ids: unknown) => (Array.isArray(ids) ? ids : []).map(String).filter((id) => /^\d{1,9}$/.test(id));

/** The products still on sale among those ids (one query), by id. */
async function activeProductsById(q: Queryable, ids: string[]): Promise<Map<string, Product>> {
  if (!ids.length) return new Map();
  const { rows } = await q.query(`${PRODUCT_SELECT} WHERE p.id = ANY($1::int[]) AND p.record_status = 'ACTIVE'`, [[...new Set(ids)].map(Number)]);
  return new Map(rows.map((r) => [String(r.id), toProduct(r)]));
}

/** A post's linked products that are still on sale, in the operator's order. */
function linkedProducts(ids: unknown, onSale: Map<string, Product>): Product[] {
  return linkedIds(ids).flatMap((id) => (onSale.has(id) ? [onSale.get(id)!] : []));
}

function toSummary(r: any, productIds: string[]): BlogPostSummary {
  return {
    slug: r.slug,
    title: r.title_en,
    titleContent: { en: r.title_en, zh: r.title_zh },
    summary: r.summary_en,
    summaryContent: { en: r.summary_en, zh: r.summary_zh },
    cover: r.cover,
    category: r.category,
    categoryContent: { en: r.cat_en, zh: r.cat_zh },
    publishedAt: new Date(r.published_at).toISOString(),
    productIds,
  };
}

/** Every category with the number of its published posts (empty ones too), in the operator's order. */
export async function blogCategories(q: Queryable): Promise<BlogCategory[]> {
  const { rows } = await q.query(
    `SELECT c.name, c.name_en, c.name_zh,
       (SELECT count(*) FROM blog_posts p WHERE p.category = c.name AND ${PUBLISHED})::int AS n
     FROM blog_categories c ORDER BY c.sort, c.name`,
  );
  return rows.map((r) => ({ name: r.name, nameContent: { en: r.name_en, zh: r.name_zh }, postCount: r.n }));
}

/** A page of published posts, newest first, optionally of one category (unknown category: 404). */
export async function blogPosts(q: Queryable, category: string | undefined, limit: number, offset: number): Promise<BlogPostPage> {
  const params: unknown[] = [limit + 1, offset];
  let where = PUBLISHED;
  if (category !== undefined) {
    const name = category.trim().toLowerCase();
    const known = await q.query('SELECT 1 FROM blog_categories WHERE name = $1', [name]);
    if (!known.rows.length) throw notFound(`Blog category '${category}' not found`);
    params.push(name);
    where += ' AND p.category = $3';
  }
  const { rows } = await q.query(`${POST_SELECT} WHERE ${where} ORDER BY p.published_at DESC, p.id DESC LIMIT $1 OFFSET $2`, params);
  const page = rows.slice(0, limit);
  const onSale = await activeProductsById(q, page.flatMap((r) => linkedIds(r.product_ids)));
  const posts = page.map((r) => toSummary(r, linkedProducts(r.product_ids, onSale).map((p) => p.id)));
  return { posts, startingPosition: offset, numberToLoad: limit, hasMore: rows.length > limit };
}

/** One published post by its slug: 400 for a malformed slug, 404 for an unknown or unpublished one. */
export async function blogPost(q: Queryable, slug: string): Promise<BlogPost> {
  const s = slug.trim().toLowerCase();
  if (!SLUG_RE.test(s) || s.length > 80) throw badRequest(`Invalid post address '${slug.slice(0, 40)}': lower-case letters, digits and hyphens`);
  const { rows } = await q.query(`${POST_SELECT} WHERE p.slug = $1 AND ${PUBLISHED}`, [s]);
  if (!rows[0]) throw notFound(`Blog post '${s}' not found`);
  const r = rows[0];
  const products = linkedProducts(r.product_ids, await activeProductsById(q, linkedIds(r.product_ids)));
  return {
    ...toSummary(r, products.map((p) => p.id)),
    body: { en: sanitizeRichText(r.body_en), zh: sanitizeRichText(r.body_zh) },
    products,
  };
}

/** The operator's view: every post, drafts too, newest first (drafts last). */
export async function allBlogPosts(q: Queryable): Promise<{ slug: string; category: string; title: string; titleContent: { en: string; zh: string }; publishedAt: string | null }[]> {
  const { rows } = await q.query('SELECT slug, category, title_en, title_zh, published_at FROM blog_posts ORDER BY published_at DESC NULLS LAST, id DESC');
  return rows.map((r) => ({
    slug: r.slug, category: r.category, title: r.title_en, titleContent: { en: r.title_en, zh: r.title_zh },
    publishedAt: r.published_at ? new Date(r.published_at).toISOString() : null,
  }));
}

/** One post as the operator wrote it (drafts too; bodies as written, not sanitised), for editing; 404 when unknown. */
export async function blogPostAsWritten(q: Queryable, slug: string): Promise<Required<BlogPostInput> & { productIds: string[]; publishedAt: string | null }> {
  const { rows } = await q.query('SELECT * FROM blog_posts WHERE slug = $1', [slug]);
  const r = rows[0];
  if (!r) throw notFound(`Blog post '${slug.slice(0, 80)}' not found`);
  return {
    slug: r.slug, category: r.category, title: { en: r.title_en, zh: r.title_zh }, summary: { en: r.summary_en, zh: r.summary_zh },
    body: { en: r.body_en, zh: r.body_zh }, cover: r.cover, productIds: linkedIds(r.product_ids),
    publishedAt: r.published_at ? new Date(r.published_at).toISOString() : null,
  };
}

/** A post as an operator writes it (server/scripts/blog.ts add): bodies are HTML, sanitised whenever answered. */
export interface BlogPostInput {
  slug: string;
  category: string;
  title: { en: string; zh: string };
  summary: { en: string; zh: string };
  body: { en: string; zh: string };
  cover: string;
  productIds?: (string | number)[];
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Every problem of an operator's post, in one list (empty: fine). */
export async function blogPostProblems(q: Queryable, p: Partial<BlogPostInput>): Promise<string[]> {
  const problems: string[] = [];
  if (!SLUG_RE.test(text(p.slug)) || text(p.slug).length > 80) problems.push('slug: lower-case letters, digits and single hyphens, at most 80');
  if (!(await q.query('SELECT 1 FROM blog_categories WHERE name = $1', [text(p.category)])).rows.length) problems.push(`category: no category '${text(p.category)}'`);
  for (const field of ['title', 'summary', 'body'] as const) {
    for (const lang of ['en', 'zh'] as const) if (!text(p[field]?.[lang])) problems.push(`${field}.${lang}: required`);
  }
  for (const lang of ['en', 'zh'] as const) {
    if (text(p.body?.[lang]) && !sanitizeRichText(text(p.body?.[lang])).length) problems.push(`body.${lang}: nothing is left once sanitised`);
  }
  if (!safeImageSrc(text(p.cover))) problems.push('cover: an https URL or an image name like blog-my-post.svg');
  if (p.productIds !== undefined && (!Array.isArray(p.productIds) || p.productIds.some((id) => !/^\d{1,9}$/.test(String(id))))) {
    problems.push('productIds: a list of product ids');
  }
  return problems;
}

/**
 * Adds a post, or replaces the one with that slug (its publication is kept); 400 with every problem. `expect` holds a
 * caller to one of the two (the back office's new post and its edit): 409 when a new post's slug is taken, 404 when the
 * post to replace is not there.
 */
export async function saveBlogPost(q: Queryable, p: Partial<BlogPostInput>, expect?: 'new' | 'existing'): Promise<void> {
  const problems = await blogPostProblems(q, p);
  if (problems.length) throw badRequest(problems);
  if (expect) {
    const { rows } = await q.query('SELECT 1 FROM blog_posts WHERE slug = $1 FOR UPDATE', [text(p.slug)]);
    if (expect === 'new' && rows.length) throw conflict([`slug: a post '${text(p.slug)}' exists already`]);
    if (expect === 'existing' && !rows.length) throw notFound(`Blog post '${text(p.slug)}' not found`);
  }
  await q.query(
    `INSERT INTO blog_posts (slug, category, title_en, title_zh, summary_en, summary_zh, body_en, body_zh, cover, product_ids)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10::jsonb)
     ON CONFLICT (slug) DO UPDATE SET category = EXCLUDED.category, title_en = EXCLUDED.title_en, title_zh = EXCLUDED.title_zh,
       summary_en = EXCLUDED.summary_en, summary_zh = EXCLUDED.summary_zh, body_en = EXCLUDED.body_en, body_zh = EXCLUDED.body_zh,
       cover = EXCLUDED.cover, product_ids = EXCLUDED.product_ids`,
    [text(p.slug), text(p.category), text(p.title!.en), text(p.title!.zh), text(p.summary!.en), text(p.summary!.zh),
      p.body!.en, p.body!.zh, text(p.cover), JSON.stringify((p.productIds ?? []).map(String))],
  );
}

/** Publishes a post at `at` (now by default; a future time schedules it) or, with null, makes it a draft again. */
export async function setBlogPostPublished(q: Queryable, slug: string, at: Date | null): Promise<void> {
  if (at && Number.isNaN(at.getTime())) throw badRequest('Invalid publication time');
  const { rowCount } = await q.query('UPDATE blog_posts SET published_at = $2 WHERE slug = $1', [slug, at ? at.toISOString() : null]);
  if (!rowCount) throw notFound(`Blog post '${slug}' not found`);
}
