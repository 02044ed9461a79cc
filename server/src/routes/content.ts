/** Pages, section templates, images, coupons (client: src/api/content.ts). The contact form: routes/contact.ts. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BrandMarkImage, Coupon, CouponCodeParams, Coupons, ImageParams, PageContent, PageContentQuery, SectionTemplate,
  SectionTemplateParams, StoreImage,
} from '../../../contract/content.ts';
import { notFound } from '../lib/errors.ts';
import { isImageName, renderSvg } from '../lib/svg.ts';
import { servedBrandMark } from '../lib/brandMarks.ts';
import { availableCoupons, couponByCode, pageContent, sectionTemplate } from '../services/content.ts';
import { getSession } from '../lib/session.ts';
import { isPhotoName } from '../catalog/images.ts';
import { storedPhoto } from '../catalog/import.ts';

export default async function contentRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.get('/common3/pageContent', {
    schema: { querystring: PageContentQuery, response: { 200: PageContent } },
  }, async (req) => {
    return pageContent(db, req.query.pageName);
  });

  app.get('/common3/sectionTemplateByType/:type', {
    schema: { params: SectionTemplateParams, response: { 200: SectionTemplate } },
  }, async (req) => {
    const type = req.params.type.toLowerCase();
    return sectionTemplate(db, type);
  });

  app.get('/common3/image/:name', { schema: { params: ImageParams, response: { 200: StoreImage } } }, async (req, reply) => {
    const { name } = req.params;
    if (isPhotoName(name)) {
      // an imported photo's name is a hash of its bytes: its content never changes
      const photo = await storedPhoto(db, name);
      if (!photo) throw notFound(`Image '${name}' not found`);
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      // the reply is typed by the SVG's text schema; a photo is bytes
      return (reply as FastifyReply).type(photo.mime).send(photo.bytes);
    }
    if (!isImageName(name)) throw notFound(`Image '${name}' not found`);
    reply.header('Cache-Control', 'public, max-age=604800, immutable');
    return reply.type('image/svg+xml').send(renderSvg(name));
  });

  // A payment or social brand mark not bundled into the mini-programs (lib/brandMarks.ts); cached as the drawn images are.
  app.get('/common3/brandMark/:name', { schema: { params: ImageParams, response: { 200: BrandMarkImage } } }, async (req, reply) => {
    const svg = servedBrandMark(req.params.name);
    if (svg === null) throw notFound(`Brand mark '${req.params.name}' not found`);
    reply.header('Cache-Control', 'public, max-age=604800, immutable');
    return reply.type('image/svg+xml').send(svg);
  });

  // Guests see the public coupons; a signed-in account also those given to it (spec §7 "my coupons").
  app.get('/common3/coupons/', { schema: { response: { 200: Coupons } } }, async (req) => ({
    coupons: await availableCoupons(db, (await getSession(req))?.userId ?? null),
  }));
  app.get('/common3/coupons/:code', { schema: { params: CouponCodeParams, response: { 200: Coupon } } }, async (req) => {
    return couponByCode(db, req.params.code, (await getSession(req))?.userId ?? null);
  });
}
