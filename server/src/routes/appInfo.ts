/** App info, locale, store location, exchange rates, time zone (client: src/api/appInfo.ts). */
import { sandboxesOf } from '../config.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, obj, AnyObject, StoreLocationSchema } from '../lib/schemas.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { ensureSession, getSession } from '../lib/session.ts';
import { getSettings } from '../services/settings.ts';
import { allLocations, getLocation, isPickable } from '../services/locations.ts';
import { currencyDecimals } from '../lib/money.ts';

const SETTINGS = ['storeInfo', 'appConfig', 'payment', 'social', 'css', 'headerControl', 'appDetail', 'labels', 'navigation', 'messages'];

function userAgentFlags(req: FastifyRequest) {
  const ua = String(req.headers['user-agent'] ?? '').toLowerCase();
  const isMobile = /mobile|android|iphone|ipad|ipod/.test(ua);
  return {
    isWmp: /miniprogram/.test(ua),
    isMobile,
    isDeskTop: !isMobile,
    isAndriod: /android/.test(ua),
    isAac: /alipayclient/.test(ua),
  };
}

export function tzOffsetMinutes(timeZone: string, at = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    .formatToParts(at).reduce<Record<string, string>>((a, p) => ((a[p.type] = p.value), a), {});
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

export default async function appInfoRoutes(app: FastifyInstance) {
  const db = app.db;

  app.get('/common3/appInfoInit', { schema: { response: { 200: obj({ appContent: AnyObject }) } } }, async (req) => {
    const s = await getSession(req);
    const st = await getSettings(db, SETTINGS);
    const locations = await allLocations(db);
    const rates = await db.query('SELECT currency, symbol FROM exchange_rates WHERE NOT is_base ORDER BY sort');
    const locale = s?.locale ?? 'en';
    const selected = (s?.locationId && locations.find((l) => l.id === s.locationId)) || locations.find(isPickable) || null;
    const ua = userAgentFlags(req);
    const body: Record<string, unknown> = {
      appContent: {
        system: {
          appMessage: { currentLocale: locale, applicationMessage: { messages: st.messages?.[locale] ?? {} } },
          appConfig: st.appConfig,
          payment: { ...st.payment, exchangeCurrencies: rates.rows.map((r: any) => ({ currencyType: r.currency, currencyCode: r.symbol })) },
          social: st.social,
          storeLocations: locations,
        },
        appDetail: {
          ...st.appDetail,
          ...ua,
          isWmp: ua.isWmp || st.appDetail.isWmp,
          appDomain: req.hostname?.split(':')[0] || st.appDetail.appDomain,
          sandbox: sandboxesOf(app.config).length > 0,
          locid: selected?.id ?? null,
          locname: selected?.localStoreName ?? '',
          locnameContent: selected?.localStoreNameContent ?? null,
        },
        labels: st.labels ?? {},
        css: st.css,
        navigation: st.navigation,
        headerControl: st.headerControl,
        storeName: st.storeInfo.storeName,
        storeNameContent: st.storeInfo.storeNameContent,
        logo: st.storeInfo.logo,
        storeLogo: st.storeInfo.storeLogo,
        favicon: st.storeInfo.favicon,
        footerLogo: st.storeInfo.footerLogo,
      },
    };
    if (s?.user) Object.assign(body, userFields(s.user));
    return body;
  });

  app.get('/common3/changeLocale/:locale', {
    schema: { params: Type.Object({ locale: Type.String({ maxLength: 10 }) }), response: { 200: obj({ applicationMessage: obj({ messages: AnyObject }) }) } },
  }, async (req, reply) => {
    const { locale } = req.params as { locale: string };
    if (locale !== 'en' && locale !== 'zh') throw badRequest(`Unsupported locale '${locale}' (use en or zh)`);
    const s = await ensureSession(req, reply);
    await db.query('UPDATE sessions SET locale = $1 WHERE id = $2', [locale, s.id]);
    const st = await getSettings(db, ['messages']);
    return { currentLocale: locale, applicationMessage: { messages: st.messages?.[locale] ?? {} } };
  });

  app.get('/common3/pickupLocations', { schema: { response: { 200: Type.Array(StoreLocationSchema) } } }, async () =>
    (await allLocations(db)).filter(isPickable));

  app.post('/common3/setSelectedStoreLocation', {
    schema: {
      body: Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) }),
      response: { 200: obj({ landingPageUrl: Type.String() }) },
    },
  }, async (req, reply) => {
    const { id } = req.body as { id: string };
    const loc = await getLocation(db, id);
    if (!loc) throw notFound(`Store location '${id}' not found`);
    if (!isPickable(loc)) throw badRequest(`Store location '${id}' cannot be selected`);
    const s = await ensureSession(req, reply);
    await db.query('UPDATE sessions SET location_id = $1 WHERE id = $2', [id, s.id]);
    return { landingPageUrl: loc.landingPageUrl, id: loc.id, localStoreName: loc.localStoreName };
  });

  const ratesResponse = obj({ base: Type.String(), rates: AnyObject, symbols: AnyObject, decimals: AnyObject });
  app.get('/common3/exchangeRates/', { schema: { response: { 200: ratesResponse } } }, async () => {
    const { rows } = await db.query('SELECT currency, symbol, rate, is_base FROM exchange_rates ORDER BY sort');
    const base = rows.find((r: any) => r.is_base)?.currency ?? 'CAD';
    const others = rows.filter((r: any) => !r.is_base);
    return {
      base,
      rates: Object.fromEntries(others.map((r: any) => [r.currency, Number(r.rate)])),
      symbols: Object.fromEntries(rows.map((r: any) => [r.currency, r.symbol])),
      decimals: Object.fromEntries(rows.map((r: any) => [r.currency, currencyDecimals(r.currency)])),
    };
  });

  app.get('/common3/exchangeRates/:currency', {
    schema: {
      params: Type.Object({ currency: Type.String({ maxLength: 10 }) }),
      response: { 200: obj({ base: Type.String(), currency: Type.String(), rate: Type.Number(), symbol: Type.String(), decimals: Type.Integer() }) },
    },
  }, async (req) => {
    const cur = (req.params as { currency: string }).currency.toUpperCase();
    if (!/^[A-Z]{3}$/.test(cur)) throw badRequest(`Invalid currency '${cur}'`);
    const { rows } = await db.query('SELECT currency, symbol, rate FROM exchange_rates WHERE currency = $1', [cur]);
    if (!rows[0]) throw notFound(`No exchange rate for ${cur}`);
    const base = (await db.query('SELECT currency FROM exchange_rates WHERE is_base')).rows[0]?.currency ?? 'CAD';
    return { base, currency: cur, rate: Number(rows[0].rate), symbol: rows[0].symbol, decimals: currencyDecimals(cur) };
  });

  const tz = async () => {
    const st = await getSettings(db, ['checkout']);
    const timeZone = st.checkout?.timeZone ?? 'America/Toronto';
    return { timeZone, offsetMinutes: tzOffsetMinutes(timeZone), now: new Date().toISOString() };
  };
  const tzSchema = { response: { 200: obj({ timeZone: Type.String(), offsetMinutes: Type.Integer(), now: Type.String() }) } };
  app.post('/common3/timeZoneInfo/GMT', { schema: tzSchema }, tz);
  app.get('/common3/timeZoneInfo/GMT', { schema: tzSchema }, tz);
}

export function userFields(u: { id: number; email: string; firstName: string; lastName: string; phone: string; profileImage: string; myId: string; lastLoginAt: Date | null }) {
  return {
    user: { firstName: u.firstName, lastName: u.lastName, emailID: u.email, profileImage: u.profileImage, phone: u.phone },
    userID: String(u.id),
    lastLoginDate: (u.lastLoginAt ?? new Date()).toISOString(),
    myID: u.myId,
    referrerUserGroup: null,
    membership: null,
  };
}
