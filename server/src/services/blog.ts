/** The blog: categories, pages of published posts, one post with its sanitised body and linked products. */
import type { Queryable } from '../db/index.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { sanitizeRichText } from '../lib/richText.ts';
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
