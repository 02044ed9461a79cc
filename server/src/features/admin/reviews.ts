/**
 * The back office's influencer reviews and payments needing attention (issue 43; contract/adminReviews.ts). Each does
 * what its CLI does, through the same code: reviews through features/influencers/service.ts (`npm run influencers`:
 * list, show, approve, reject, suspend; permission reviews.decide, owner and staff), attention through
 * payments/attention.ts (`npm run attention`: list, and handled; permission attention.handle, the owner). Every decision
 * is a line of the activity list with the staff member.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { approveInfluencer, profileForReview, profilesForReview, rejectInfluencer, suspendInfluencer, type ReviewRow } from '../influencers/service.ts';
import { markHandled, needsAttention } from '../../payments/attention.ts';
import { storedFilePath } from '../../uploads/images.ts';
import {
  AdminAttention, AdminAttentionQuery, AdminHandledBody, AdminReview, AdminReviewDecision, AdminReviewId, AdminReviewList,
} from '../../../../contract/adminReviews.ts';
import { UploadedImage } from '../../../../contract/content.ts';
import { ADMIN_PREFIX } from '../../../../contract/admin.ts';
import { recordActivity, type StaffMember } from './service.ts';
import { Type } from '@sinclair/typebox';

const row = (r: ReviewRow) => ({ ...r, id: String(r.id) });

export async function reviewList(db: Db) {
  return { profiles: (await profilesForReview(db)).map(row) };
}

export async function reviewPage(db: Db, id: number) {
  const profile = (await profilesForReview(db)).find((r) => r.id === id);
  if (!profile) throw notFound(`No influencer profile ${id}`);
  const { version, images } = await profileForReview(db, id);
  return { profile: row(profile), version, images: images.map((i) => ({ name: i.name, url: `${ADMIN_PREFIX}/reviews/${id}/images/${i.id}` })) };
}

/** A staff member's decision, as `npm run influencers -- approve|reject|suspend` makes it; recorded in the activity. */
export async function decideReview(db: Db, staff: StaffMember, id: number, body: AdminReviewDecision) {
  const reason = (body.reason ?? '').trim();
  if (body.decision === 'reject' && !reason) throw badRequest('A reason is required to reject: the shopper sees it');
  await db.tx(async (q) => {
    if (body.decision === 'approve') await approveInfluencer(q, id);
    else if (body.decision === 'reject') await rejectInfluencer(q, id, reason);
    else await suspendInfluencer(q, id, reason);
    await recordActivity(q, staff, `review.${body.decision}`, String(id), reason ? { reason } : {});
  });
  return reviewPage(db, id);
}

export async function attentionList(db: Db, stuckAfterMinutes = 60) {
  const items = await needsAttention(db, { stuckAfterMinutes });
  return {
    items: items.map((i) => ({
      kind: i.kind, since: i.since.toISOString(), id: i.id, orderID: i.orderId == null ? null : String(i.orderId), depositId: i.depositId,
      amount: i.amount, currency: i.currency, detail: i.detail, handleable: !!i.handleable,
    })),
  };
}

/** The staff member marks a line handled, as `npm run attention -- handled` does with --by; recorded in the activity. */
export async function handleAttention(db: Db, staff: StaffMember, body: AdminHandledBody) {
  await db.tx(async (q) => {
    await markHandled(q, body.kind, body.id, staff.email);
    await recordActivity(q, staff, `attention.${body.kind}.handled`, body.id.slice(0, 100));
  });
  return attentionList(db);
}

const ImageParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,9}$' }), image: Type.String({ pattern: '^[a-f0-9]{32}$' }) });

/** Registered inside the admin API by routes.ts (one line). */
export function reviewRoutes(app: FastifyInstance) {
  app.get('/reviews', { config: { permission: 'reviews.decide' }, schema: { summary: 'Influencer profiles, those waiting for review first', response: { 200: AdminReviewList } } },
    async () => reviewList(app.db));

  app.get<{ Params: AdminReviewId }>('/reviews/:id', { config: { permission: 'reviews.decide' }, schema: { summary: 'A profile\'s version to review (the one waiting, else the published one) and its pictures', params: AdminReviewId, response: { 200: AdminReview } } },
    async (req) => reviewPage(app.db, Number(req.params.id)));

  app.post<{ Params: AdminReviewId; Body: AdminReviewDecision }>('/reviews/:id', { config: { permission: 'reviews.decide' }, schema: { summary: 'Approve, reject (with the reason the shopper sees) or suspend a profile', params: AdminReviewId, body: AdminReviewDecision, response: { 200: AdminReview } } },
    async (req) => decideReview(app.db, req.staff!, Number(req.params.id), req.body));

  app.get<{ Params: { id: string; image: string } }>('/reviews/:id/images/:image', { config: { permission: 'reviews.decide' }, schema: { summary: 'A picture of the version under review', params: ImageParams, response: { 200: UploadedImage } } },
    async (req, reply) => {
      const { images } = await profileForReview(app.db, Number(req.params.id));
      const img = images.find((i) => i.id === req.params.image);
      if (!img) throw notFound('No such picture in this profile');
      const file = storedFilePath(app.config.dataDir, { id: img.id, mime: img.mime });
      if (!fs.existsSync(file)) throw notFound('The picture\'s file is missing');
      return reply.type(img.mime).send(fs.readFileSync(file));
    });

  app.get<{ Querystring: AdminAttentionQuery }>('/attention', { config: { permission: 'attention.handle' }, schema: { summary: 'Payments needing a hand: stuck refunds, returns, disputes, shipping uploads, statement lines (owner)', querystring: AdminAttentionQuery, response: { 200: AdminAttention } } },
    async (req) => attentionList(app.db, req.query.stuckAfterMinutes ?? 60));

  app.post<{ Body: AdminHandledBody }>('/attention/handled', { config: { permission: 'attention.handle' }, schema: { summary: 'Mark a failed refund or a statement line handled by hand, once (owner)', body: AdminHandledBody, response: { 200: AdminAttention } } },
    async (req) => handleAttention(app.db, req.staff!, req.body));
}
