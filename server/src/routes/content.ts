/** Pages, section templates, images, coupons, contact form (client: src/api/content.ts). */
import type { FastifyInstance } from 'fastify';
import { Type, obj, AnyObject, Bilingual } from '../lib/schemas.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { getSession } from '../lib/session.ts';
import { isImageName, renderSvg } from '../lib/svg.ts';
import { EMAIL_RE } from '../services/validate.ts';

function toCoupon(r: any) {
  const expired = !!r.expires_at && new Date(r.expires_at) < new Date();
  return {
    code: r.code, type: r.kind, value: r.value, minSubtotal: r.min_subtotal,
    description: r.desc_en, descriptionContent: { en: r.desc_en, zh: r.desc_zh },
    expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null, expired,
  };
}
const CouponSchema = obj({ code: Type.String(), type: Type.String(), value: Type.Integer(), minSubtotal: Type.Integer(), description: Type.String(), expired: Type.Boolean() });

export default async function contentRoutes(app: FastifyInstance) {
  const db = app.db;

  app.get('/common3/pageContent', {
    schema: { querystring: Type.Object({ pageName: Type.String({ minLength: 1, maxLength: 100 }) }), response: { 200: obj({ pageName: Type.String(), title: Bilingual, content: Bilingual }) } },
  }, async (req) => {
    const { pageName } = req.query as { pageName: string };
    const { rows } = await db.query('SELECT * FROM pages WHERE name = $1', [pageName.trim().toLowerCase()]);
    if (!rows[0]) throw notFound(`Page '${pageName}' not found`);
    const r = rows[0];
    return { pageName: r.name, title: { en: r.title_en, zh: r.title_zh }, content: { en: r.content_en, zh: r.content_zh } };
  });

  app.get('/common3/sectionTemplateByType/:type', {
    schema: { params: Type.Object({ type: Type.String({ minLength: 1, maxLength: 60 }) }), response: { 200: obj({ type: Type.String(), sections: Type.Array(AnyObject) }) } },
  }, async (req) => {
    const type = (req.params as { type: string }).type.toLowerCase();
    const { rows } = await db.query('SELECT * FROM section_templates WHERE type = $1', [type]);
    if (!rows[0]) throw notFound(`No section template of type '${type}'`);
    return { type, sections: rows[0].sections };
  });

  app.get('/common3/image/:name', { schema: { params: Type.Object({ name: Type.String({ maxLength: 100 }) }) } }, async (req, reply) => {
    const { name } = req.params as { name: string };
    if (!isImageName(name)) throw notFound(`Image '${name}' not found`);
    reply.header('Cache-Control', 'public, max-age=604800, immutable');
    return reply.type('image/svg+xml').send(renderSvg(name));
  });

  app.get('/common3/coupons/', { schema: { response: { 200: obj({ coupons: Type.Array(CouponSchema) }) } } }, async () => {
    const { rows } = await db.query('SELECT * FROM coupons WHERE public AND (expires_at IS NULL OR expires_at > now()) ORDER BY code');
    return { coupons: rows.map(toCoupon) };
  });
  app.get('/common3/coupons/:code', { schema: { params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) }), response: { 200: CouponSchema } } }, async (req) => {
    const { code } = req.params as { code: string };
    const { rows } = await db.query('SELECT * FROM coupons WHERE upper(code) = upper($1) AND public', [code.trim()]);
    if (!rows[0]) throw notFound(`Coupon '${code}' not found`);
    return toCoupon(rows[0]);
  });

  app.post('/message/submitForm', {
    schema: {
      body: Type.Object({
        name: Type.String({ minLength: 1, maxLength: 100 }), email: Type.String({ maxLength: 254 }),
        subject: Type.Optional(Type.String({ maxLength: 200 })), message: Type.String({ minLength: 1, maxLength: 5000 }),
        phone: Type.Optional(Type.String({ maxLength: 30 })), formName: Type.Optional(Type.String({ maxLength: 60 })),
      }),
      response: { 200: obj({ ok: Type.Boolean(), id: Type.String() }) },
    },
  }, async (req) => {
    const b = req.body as Record<string, string>;
    if (!EMAIL_RE.test(b.email.trim())) throw badRequest('E-mail address is not valid');
    if (!b.message.trim()) throw badRequest('Message is empty');
    const s = await getSession(req);
    const { rows } = await db.query('INSERT INTO form_submissions (session_id, user_id, form) VALUES ($1,$2,$3::jsonb) RETURNING id',
      [s?.id ?? null, s?.userId ?? null, JSON.stringify({ formName: 'contact', ...b })]);
    return { ok: true, id: String(rows[0].id) };
  });
}
