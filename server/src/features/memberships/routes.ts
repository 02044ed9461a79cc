/** Memberships (client: src/features/memberships). The plans are also the catalogue's productType=MEMBERSHIP list. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MembershipDetail, MembershipProducts } from '../../../../contract/memberships.ts';
import { requireUser } from '../../lib/session.ts';
import { memberDiscountPercent, membershipDetail, membershipPlans } from './service.ts';
import { storeCurrency } from '../../services/storeCurrency.ts';

export default async function membershipRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.get('/admin/userManagement/membershipProducts', { schema: { response: { 200: MembershipProducts } } }, async (req) => {
    await requireUser(req);
    return { products: await membershipPlans(db), discountPercent: await memberDiscountPercent(db), currency: await storeCurrency(db) };
  });

  app.get('/admin/userManagement/membershipDetail', { schema: { response: { 200: MembershipDetail } } }, async (req) => {
    const s = await requireUser(req);
    return membershipDetail(db, s.userId);
  });
}
