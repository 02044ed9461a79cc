/**
 * The back office's settings (issue 43, owner only): forms over the shop file's model. A save reads the store as a
 * shop file (shop/apply.ts exportShop), puts the form's part in, checks the whole file with the same schema and rules as
 * `npm run shop -- apply` (shop/file.ts readShopFile) and applies it with the same code (applyShopIn), in one
 * transaction: what the storefront reads (the checkout's pickup and delivery slots, the stores, the delivery cities)
 * follows at once. A refusal is a 400 naming every problem as `JSON path: why`; what changed is recorded in the activity
 * with the staff member and the apply's change lines.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { bumpCatalog } from '../../services/catalogCache.ts';
import { applyShopIn, exportShop, shopMissing, ShopApplyProblems } from '../../shop/apply.ts';
import { readShopFile, ShopFileProblems } from '../../shop/file.ts';
import type { ShopFile } from '../../shop/schema.ts';
import {
  AdminDeliveryAreasBody, AdminDeliveryAreasSettings, AdminHomeBody, AdminHomeSettings, AdminLocationsBody, AdminLocationsSettings,
  AdminMenusBody, AdminMenusSettings, AdminPagesBody, AdminPagesSettings, AdminSettingsSaved, AdminSocialBody, AdminSocialSettings,
} from '../../../../contract/adminSettings.ts';
import { recordActivity, type StaffMember } from './service.ts';

const problemText = (p: { path: string; message: string }) => `${p.path || '(the shop)'}: ${p.message}`;
const hoursOf = ({ openTime, closeTime, slotMinutes, leadTimeMinutes, daysAhead }: ShopFile['checkout']['pickup']) =>
  ({ openTime, closeTime, slotMinutes, leadTimeMinutes, daysAhead });

async function currentShop(db: Db): Promise<ShopFile> {
  const missing = await shopMissing(db);
  if (missing) throw conflict(missing);
  return exportShop(db);
}

/**
 * Changes the store's shop file with `edit` and applies it as `shop apply` does (on PostgreSQL under apply's own lock,
 * so a save and an operator's apply never interleave). Answers the change lines (none: nothing to change).
 */
export async function changeShop(db: Db, staff: StaffMember, action: string, edit: (file: ShopFile) => void): Promise<string[]> {
  const lines = await db.tx(async (q) => {
    if (db.kind === 'postgres') await q.query('SELECT pg_advisory_xact_lock(7311003)'); // shop/apply.ts applyShop's lock
    const missing = await shopMissing(q);
    if (missing) throw conflict(missing);
    const next = structuredClone(await exportShop(q));
    edit(next);
    let file: ShopFile;
    try {
      file = readShopFile(JSON.stringify(next));
    } catch (e) {
      if (e instanceof ShopFileProblems) throw badRequest(e.problems.map(problemText));
      throw e;
    }
    try {
      const changes = (await applyShopIn(q, file)).map((c) => c.line);
      if (changes.length) await recordActivity(q, staff, action, 'shop', { changes });
      return changes;
    } catch (e) {
      if (e instanceof ShopApplyProblems) throw conflict(e.problems.map(problemText));
      throw e;
    }
  });
  if (lines.length) bumpCatalog();
  return lines;
}

export async function locationsSettings(db: Db): Promise<AdminLocationsSettings> {
  const f = await currentShop(db);
  return {
    storeLocations: f.storeLocations ?? [],
    timeZone: f.checkout.timeZone,
    pickup: hoursOf(f.checkout.pickup),
    delivery: hoursOf(f.checkout.delivery),
    countries: f.countries ?? [],
  };
}

export async function deliveryAreasSettings(db: Db): Promise<AdminDeliveryAreasSettings> {
  const f = await currentShop(db);
  return { deliveryAreas: f.deliveryAreas ?? [], countries: f.countries ?? [] };
}

export async function menusSettings(db: Db): Promise<AdminMenusSettings> {
  const f = await currentShop(db);
  const n = f.navigation;
  return {
    headerMenu: n.headerMenu ?? [], sideMenu: n.sideMenu ?? [], footerMenu: n.footerMenu ?? [],
    pages: (f.pages ?? []).map((p) => ({ name: p.name, title: p.title })),
  };
}

export async function pagesSettings(db: Db): Promise<AdminPagesSettings> {
  return { pages: (await currentShop(db)).pages ?? [] };
}

export async function homeSettings(db: Db): Promise<AdminHomeSettings> {
  return { sections: (await currentShop(db)).sections?.home ?? [] };
}

export async function socialSettings(db: Db): Promise<AdminSocialSettings> {
  const f = await currentShop(db);
  return { social: f.social, headerControl: f.headerControl };
}

/** The settings routes, registered inside the admin API (routes.ts): every one needs settings.edit (the owner). */
export function settingsRoutes(app: FastifyInstance) {
  const config = { permission: 'settings.edit' as const };
  app.get('/settings/locations', { config, schema: { summary: 'The store locations, the pickup and delivery hours and the time zone, as the shop file has them (owner)', response: { 200: AdminLocationsSettings } } },
    async () => locationsSettings(app.db));

  app.put<{ Body: AdminLocationsBody }>('/settings/locations',
    { config, schema: { summary: 'Save the store locations and hours: checked and applied as `shop apply` does; a refusal names each problem by its path (owner)', body: AdminLocationsBody, response: { 200: AdminSettingsSaved } } },
    async (req) => ({
      changes: await changeShop(app.db, req.staff!, 'settings.locations', (f) => {
        f.storeLocations = req.body.storeLocations;
        f.checkout.timeZone = req.body.timeZone.trim();
        f.checkout.pickup = { ...f.checkout.pickup, ...req.body.pickup };
        f.checkout.delivery = { ...f.checkout.delivery, ...req.body.delivery };
      }),
    }));

  app.get('/settings/delivery-areas', { config, schema: { summary: 'The delivery areas (provinces and their cities), as the shop file has them (owner)', response: { 200: AdminDeliveryAreasSettings } } },
    async () => deliveryAreasSettings(app.db));

  app.put<{ Body: AdminDeliveryAreasBody }>('/settings/delivery-areas',
    { config, schema: { summary: 'Save the delivery areas: checked and applied as `shop apply` does (owner)', body: AdminDeliveryAreasBody, response: { 200: AdminSettingsSaved } } },
    async (req) => ({
      changes: await changeShop(app.db, req.staff!, 'settings.deliveryAreas', (f) => {
        f.deliveryAreas = req.body.deliveryAreas.map((a) => ({ ...a, cities: a.cities.map((c) => ({ en: c.en, zh: c.zh?.trim() ? c.zh : null })) }));
      }),
    }));

  app.get('/settings/menus', { config, schema: { summary: 'The header, side and footer menus, and the pages a link may open, as the shop file has them (owner)', response: { 200: AdminMenusSettings } } },
    async () => menusSettings(app.db));

  app.put<{ Body: AdminMenusBody }>('/settings/menus',
    { config, schema: { summary: 'Save the menus: each link checked by the spec\'s link mapping, the whole checked and applied as `shop apply` does; a refusal names each problem by its path (owner)', body: AdminMenusBody, response: { 200: AdminSettingsSaved } } },
    async (req) => ({
      changes: await changeShop(app.db, req.staff!, 'settings.menus', (f) => {
        const { headerMenu, sideMenu, footerMenu } = req.body;
        f.navigation = { ...f.navigation, headerMenu, sideMenu, footerMenu };
      }),
    }));

  app.get('/settings/pages', { config, schema: { summary: 'The content pages (title and body in en and zh), as the shop file has them (owner)', response: { 200: AdminPagesSettings } } },
    async () => pagesSettings(app.db));

  app.put<{ Body: AdminPagesBody }>('/settings/pages',
    { config, schema: { summary: 'Save the content pages (a page left out is removed): checked and applied as `shop apply` does (owner)', body: AdminPagesBody, response: { 200: AdminSettingsSaved } } },
    async (req) => ({
      changes: await changeShop(app.db, req.staff!, 'settings.pages', (f) => {
        f.pages = req.body.pages.map((p) => ({ ...p, name: p.name.trim() }));
      }),
    }));

  app.get('/settings/home', { config, schema: { summary: 'The home page\'s sections in their order, as the shop file has them (owner)', response: { 200: AdminHomeSettings } } },
    async () => homeSettings(app.db));

  app.put<{ Body: AdminHomeBody }>('/settings/home',
    { config, schema: { summary: 'Save the home page\'s sections (their order, kinds, slides and rows): checked and applied as `shop apply` does (owner)', body: AdminHomeBody, response: { 200: AdminSettingsSaved } } },
    async (req) => ({
      changes: await changeShop(app.db, req.staff!, 'settings.home', (f) => {
        f.sections = { ...f.sections, home: req.body.sections };
      }),
    }));

  app.get('/settings/social', { config, schema: { summary: 'The social links and where the header is hidden, as the shop file has them (owner)', response: { 200: AdminSocialSettings } } },
    async () => socialSettings(app.db));

  app.put<{ Body: AdminSocialBody }>('/settings/social',
    { config, schema: { summary: 'Save the social links and the header control: checked and applied as `shop apply` does (owner)', body: AdminSocialBody, response: { 200: AdminSettingsSaved } } },
    async (req) => ({
      changes: await changeShop(app.db, req.staff!, 'settings.social', (f) => {
        f.social = req.body.social;
        f.headerControl = req.body.headerControl;
      }),
    }));
}
