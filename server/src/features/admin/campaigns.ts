/**
 * The back office's group-buy campaigns (issue 43; contract/adminCampaigns.ts; owner: promotions.edit): what `npm run
 * campaigns` does (list, create, end), through the same code (features/campaigns/service.ts: its window, its rules, its
 * settlement), each change a line of the activity with who made it (the CLI's as the system user, `via: command line`).
 */
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../db/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { allLocations } from '../../services/locations.ts';
import { storeCurrency } from '../../services/storeCurrency.ts';
import {
  campaignWindow, createCampaign, endCampaign, listCampaigns, parseCampaignId, type NewCampaign, type Settlement,
} from '../campaigns/service.ts';
import {
  AdminCampaignCreated, AdminCampaignEnded, AdminCampaignId, AdminCampaignList, AdminCampaignListQuery, AdminCampaignNew,
} from '../../../../contract/adminCampaigns.ts';
import { AdminCover, AdminCoverBody } from '../../../../contract/adminBlog.ts';
import { NoBody } from '../../../../contract/common.ts';
import { uploadCover } from './blog.ts';
import { recordActivity, type Actor } from './service.ts';

export async function campaignList(q: Queryable, scope: 'current' | 'all' = 'current'): Promise<AdminCampaignList> {
  const [{ campaigns, serverTime }, stores, currency] = await Promise.all([listCampaigns(q, scope), allLocations(q), storeCurrency(q)]);
  return { campaigns, serverTime, stores: stores.map((s) => ({ id: s.id, name: s.localStoreNameContent })), currency };
}

/** Creates a campaign as `campaigns create` does, recorded in the activity; answers its id. */
export async function createCampaignBy(db: Db, by: Actor, c: NewCampaign, detail: Record<string, unknown> = {}): Promise<number> {
  return db.tx(async (q) => {
    const id = await createCampaign(q, c);
    await recordActivity(q, by, 'campaign.create', String(id), {
      name: c.name.en, target: c.target, store: c.localStoreId, startsAt: c.startsAt.toISOString(), endsAt: c.endsAt.toISOString(), items: c.items.length, ...detail,
    });
    return id;
  });
}

/** Ends an open campaign now and settles it, as `campaigns end` does; the settlement and its activity line are one transaction. */
export async function endCampaignBy(db: Db, by: Actor, id: number, detail: Record<string, unknown> = {}, settledBy = by.email): Promise<Settlement | null> {
  const s = await endCampaign(db, id, settledBy, (q, done) =>
    recordActivity(q, by, 'campaign.end', String(id), { outcome: done.outcome, participants: done.participants, refunds: done.refunds, ...detail }));
  if (!s) await recordActivity(db, by, 'campaign.end', String(id), { outcome: 'settled by another process', ...detail });
  return s;
}

/** A date and time of the form, or a problem on its field. */
function when(v: string | null | undefined, field: string, problems: string[]): Date | null {
  if (v == null || v.trim() === '') return null;
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) problems.push(`${field}: '${v.slice(0, 40)}' is not a date and time`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The form's campaign as the service takes it: the window by the CLI's rule (campaignWindow), each refusal on its field. */
export function newCampaignOf(body: AdminCampaignNew, now = new Date()): NewCampaign {
  const problems: string[] = [];
  const startsAt = when(body.startsAt, 'startsAt', problems);
  const endsAt = when(body.endsAt, 'endsAt', problems);
  const window = campaignWindow({ startsAt, endsAt, hours: body.hours }, now);
  if (!window && !problems.length) problems.push('endsAt: give the end, or a number of hours (more than 0)');
  if (problems.length) throw badRequest(problems);
  return {
    name: body.name, description: body.description, cover: body.cover?.trim() || null, target: body.target, localStoreId: body.store.trim(),
    ...window!, items: body.items.map((i) => ({ ...i, productId: Number(i.productId) })),
  };
}

/** Registered inside the admin API by routes.ts (one line). */
export function campaignRoutes(app: FastifyInstance) {
  const config = { permission: 'promotions.edit' as const };
  app.get<{ Querystring: AdminCampaignListQuery }>('/campaigns', { config, schema: { summary: 'The group-buy campaigns (current, or all) and the stores they may run at (owner)', querystring: AdminCampaignListQuery, response: { 200: AdminCampaignList } } },
    async (req) => campaignList(app.db, req.query.scope));
  app.post<{ Body: AdminCampaignNew }>('/campaigns', { config, schema: { summary: 'Create a group-buy campaign with its items, checked as `npm run campaigns -- create` checks it (owner)', body: AdminCampaignNew, response: { 200: AdminCampaignCreated } } },
    async (req) => {
      const id = await createCampaignBy(app.db, req.staff!, newCampaignOf(req.body));
      return { ...(await campaignList(app.db, 'all')), id: String(id) };
    });
  app.post<{ Body: { data: string } }>('/campaigns/cover', { config, bodyLimit: 28 * 1024 * 1024, schema: { summary: 'Upload a cover photo: checked and resized as the catalogue importer does; answers the name to give as a cover (owner)', body: AdminCoverBody, response: { 200: AdminCover } } },
    async (req) => uploadCover(app.db, req.body.data));
  app.post<{ Params: AdminCampaignId }>('/campaigns/:id/end', { config, schema: { summary: 'End an open campaign now and settle it: success at its target, else every paid order refunded (owner)', params: AdminCampaignId, body: NoBody, response: { 200: AdminCampaignEnded } } },
    async (req) => {
      const s = await endCampaignBy(app.db, req.staff!, parseCampaignId(req.params.id));
      return { ...(await campaignList(app.db, 'all')), settlement: s && { outcome: s.outcome, participants: s.participants, refunds: s.refunds } };
    });
}
