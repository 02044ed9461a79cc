/** The operator's content: general pages, section templates, public coupons. */
import type { Queryable } from '../db/index.ts';
import { notFound } from '../lib/errors.ts';
import type { Coupon, PageContent, SectionTemplate } from '../../../contract/content.ts';

/** A general page by its name (any case; 404 when there is none). */
export async function pageContent(q: Queryable, pageName: string): Promise<PageContent> {
  const { rows } = await q.query('SELECT * FROM pages WHERE name = $1', [pageName.trim().toLowerCase()]);
  if (!rows[0]) throw notFound(`Page '${pageName}' not found`);
  const r = rows[0];
  return { pageName: r.name, title: { en: r.title_en, zh: r.title_zh }, content: { en: r.content_en, zh: r.content_zh } };
}

/** The sections of a landing page (home, store ...; 404 when there is none). */
export async function sectionTemplate(q: Queryable, type: string): Promise<SectionTemplate> {
  const { rows } = await q.query('SELECT * FROM section_templates WHERE type = $1', [type]);
  if (!rows[0]) throw notFound(`No section template of type '${type}'`);
  return { type, sections: rows[0].sections };
}

function toCoupon(r: any): Coupon {
  const expired = !!r.expires_at && new Date(r.expires_at) < new Date();
  return {
    code: r.code, type: r.kind, value: r.value, minSubtotal: r.min_subtotal,
    description: r.desc_en, descriptionContent: { en: r.desc_en, zh: r.desc_zh },
    expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null, expired, personal: !r.public,
  };
}

/**
 * The coupons a visitor may use that have not expired: the public ones, and for a signed-in account also those given
 * to it (coupon_grants), which come first. A first-order coupon is not listed to an account that has had its first
 * order (issue 42 n-5: it was offered, and applied, to a shopper with four).
 */
export async function availableCoupons(q: Queryable, userId: number | null): Promise<Coupon[]> {
  const { rows } = await q.query(
    `SELECT * FROM coupons c
      WHERE (c.public OR EXISTS (SELECT 1 FROM coupon_grants g WHERE g.code = c.code AND g.user_id = $1))
        AND (c.expires_at IS NULL OR c.expires_at > now())
        AND NOT (c.first_order_only AND $1::int IS NOT NULL AND EXISTS (
          SELECT 1 FROM orders o WHERE o.user_id = $1 AND o.status <> 'CANCELLED'
            AND (o.payment_status IN ('PAID_ONLINE', 'PAID_BY_DISCOUNT') OR o.status = 'COMPLETED')))
      ORDER BY c.public, c.code`,
    [userId],
  );
  return rows.map(toCoupon);
}

/**
 * A coupon by its code (any case; 404 when there is none): a public one, or one given to the signed-in account asking.
 * Someone else's coupon answers 404 like an unknown code.
 */
export async function couponByCode(q: Queryable, code: string, userId: number | null): Promise<Coupon> {
  const { rows } = await q.query(
    `SELECT * FROM coupons c WHERE upper(c.code) = upper($1)
       AND (c.public OR EXISTS (SELECT 1 FROM coupon_grants g WHERE g.code = c.code AND g.user_id = $2))`,
    [code.trim(), userId],
  );
  if (!rows[0]) throw notFound(`Coupon '${code}' not found`);
  return toCoupon(rows[0]);
}
