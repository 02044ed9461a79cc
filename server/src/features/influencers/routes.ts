/**
 * Influencer profiles (spec §7; client: src/features/influencers). The shopper's own profile has no id in the address
 * (status, GET/POST/PUT influencerProfile, image upload and delete); guests get 401 from the /admin/ guard. The public
 * list and detail show approved profiles only. Rules: service.ts beside it; the operator reviews with
 * scripts/influencers.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  InfluencerDetail, InfluencerIdParams, InfluencerImageParams, InfluencerImageUpload, InfluencerLike, InfluencerListQuery,
  InfluencerPage, InfluencerProfileInput, InfluencerStatus, MyInfluencerProfile,
} from '../../../../contract/influencers.ts';
import { NoBody, Ok } from '../../../../contract/common.ts';
import { getSession, requireUser } from '../../lib/session.ts';
import { uploadPath } from '../../uploads/images.ts';
import { acceptMultipart, cleanImageOf, multipart } from '../../uploads/receive.ts';
import {
  addInfluencerImage, applyAsInfluencer, deleteInfluencerImage, editInfluencerProfile, influencerDetail, influencerStatus,
  likeInfluencer, listInfluencers, myProfile, screenInfluencerDraft,
} from './service.ts';
import { contentCheckerOf } from '../../services/contentCheck.ts';

export default async function influencerRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  acceptMultipart(app);

  app.get('/admin/userManagement/influencer/status', { schema: { response: { 200: InfluencerStatus } } }, async (req) => {
    const s = await requireUser(req);
    return influencerStatus(db, s.userId);
  });

  app.get('/admin/userManagement/influencerProfile', { schema: { response: { 200: MyInfluencerProfile } } }, async (req) => {
    const s = await requireUser(req);
    return myProfile(db, s.userId);
  });
  const write = { body: InfluencerProfileInput, response: { 200: MyInfluencerProfile } };
  // A submitted version is screened by the content check before the answer (services/contentCheck.ts): the answer says
  // whether it was published, refused, waits for the operator, or is still CHECKING (WeChat's picture check).
  const screened = async (userId: number) => {
    await screenInfluencerDraft(db, await contentCheckerOf(app), userId);
    return myProfile(db, userId);
  };
  app.post('/admin/userManagement/influencerProfile', { schema: write }, async (req) => {
    const s = await requireUser(req);
    await db.tx((q) => applyAsInfluencer(q, s.userId, req.body));
    return screened(s.userId);
  });
  app.put('/admin/userManagement/influencerProfile', { schema: write }, async (req) => {
    const s = await requireUser(req);
    await db.tx((q) => editInfluencerProfile(q, s.userId, req.body));
    return screened(s.userId);
  });

  app.post('/admin/userManagement/image/influencer/upload', {
    schema: { consumes: multipart, response: { 200: InfluencerImageUpload } },
  }, async (req) => {
    const s = await requireUser(req);
    const { data, type } = await cleanImageOf(req, 'image');
    const id = crypto.randomBytes(16).toString('hex');
    const file = uploadPath(app.config.dataDir, id, type.mime);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
    try {
      await addInfluencerImage(db, s.userId, { id, mime: type.mime, bytes: data.length });
    } catch (err) {
      await fs.rm(file, { force: true });
      throw err;
    }
    return { id, image: `user/${id}` };
  });

  app.delete('/admin/userManagement/image/influencer/delete/:id', {
    schema: { params: InfluencerImageParams, body: NoBody, response: { 200: Ok } },
  }, async (req) => {
    const s = await requireUser(req);
    const gone = await db.tx((q) => deleteInfluencerImage(q, s.userId, req.params.id));
    await fs.rm(uploadPath(app.config.dataDir, gone.id, gone.mime), { force: true });
    return { ok: true };
  });

  app.get('/admin/userManagement/user/like/:id/true', {
    schema: { params: InfluencerIdParams, response: { 200: InfluencerLike } },
  }, async (req) => {
    const s = await requireUser(req);
    return likeInfluencer(db, Number(req.params.id), s.userId);
  });

  app.get('/common3/influencerProfile/list', {
    schema: { querystring: InfluencerListQuery, response: { 200: InfluencerPage } },
  }, async (req) => {
    const { numberToLoad = 12, startingPosition = 0, sort = 'newest' } = req.query;
    const page = await listInfluencers(db, sort, numberToLoad, startingPosition);
    return { ...page, startingPosition, numberToLoad };
  });

  app.get('/common3/influencerProfile/detail/:id', {
    schema: { params: InfluencerIdParams, response: { 200: InfluencerDetail } },
  }, async (req, reply) => {
    const s = await getSession(req);
    // Whether the viewer likes it is personal, and a suspension must show at once: no shared caching.
    reply.header('Cache-Control', 'private, no-store');
    return influencerDetail(db, Number(req.params.id), s?.userId ?? null);
  });
}
