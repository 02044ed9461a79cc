/** App info, locale, store location, exchange rates, time zone (client: src/api/appInfo.ts). */
import { sandboxesOf } from '../config.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AppInfo, AppMessage, CurrencyParams, ExchangeRate, ExchangeRates, LocaleParams, SelectStoreLocationBody,
  SelectedStoreLocation, StoreLocation, TimeZoneInfo,
} from '../../../contract/appInfo.ts';
import type { Locale } from '../../../contract/constants.ts';
import { localeFromAcceptLanguage } from '../lib/acceptLanguage.ts';
import { NoBody } from '../../../contract/common.ts';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import { ensureSession, getSession, visitorLocale } from '../lib/session.ts';

/** The language of a visitor who never chose one (a new session's `locale`). */
const DEFAULT_LOCALE = 'en';
import { getSettings } from '../services/settings.ts';
import { allLocations, getLocation, isPickable } from '../services/locations.ts';
import { exchangeCurrencies, exchangeRate, exchangeRates } from '../services/exchangeRates.ts';
import { setSessionChoice } from '../services/visitor.ts';
import { sessionFields } from '../services/sessionFields.ts';

const SETTINGS = ['storeInfo', 'appConfig', 'payment', 'social', 'css', 'headerControl', 'appDetail', 'labels', 'navigation', 'messages', 'storeCredit', 'platformMessages'];

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

/** The WeChat template per order event that checkout asks the shopper to accept (orders/platformMessages.ts sends them). */
function orderMessagesOf(setting: { wechat?: Record<string, { templateId: string } | undefined> } | null | undefined) {
  const wechat = Object.fromEntries(['confirmed', 'readyForPickup', 'outForDelivery', 'refunded']
    .flatMap((e) => (setting?.wechat?.[e]?.templateId ? [[e, setting.wechat[e]!.templateId]] : [])));
  return Object.keys(wechat).length ? { orderMessages: { wechat } } : {};
}

export default async function appInfoRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.get('/common3/appInfoInit', { schema: { response: { 200: AppInfo } } }, async (req) => {
    const s = await getSession(req);
    const st = await getSettings(db, SETTINGS);
    // A database no shop file was applied to (production does not start on one): say so, never a 500.
    if (!st.storeInfo || !st.appDetail) throw new ApiError(503, 'This shop is not set up yet: its operator runs npm --prefix server run shop -- apply');
    const locations = await allLocations(db);
    const currencies = await exchangeCurrencies(db);
    const locale: Locale = await visitorLocale(req);
    const selected = (s?.locationId && locations.find((l) => l.id === s.locationId)) || locations.find(isPickable) || null;
    const ua = userAgentFlags(req);
    const body: AppInfo = {
      appContent: {
        system: {
          appMessage: { currentLocale: locale, applicationMessage: { messages: st.messages?.[locale] ?? {} } },
          appConfig: st.appConfig,
          payment: { ...st.payment, exchangeCurrencies: currencies },
          social: st.social,
          storeLocations: locations,
          ...(st.storeCredit ? { storeCredit: { topUpAmounts: st.storeCredit.topUpAmountsMinor } } : {}),
          ...orderMessagesOf(st.platformMessages),
        },
        appDetail: {
          ...st.appDetail,
          ...ua,
          isWmp: ua.isWmp || st.appDetail.isWmp,
          appDomain: req.hostname?.split(':')[0] || st.appDetail.appDomain,
          sandbox: sandboxesOf(app.paymentProvider, app.identityProvider).length > 0,
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
    if (s?.user) Object.assign(body, await sessionFields(db, s.user));
    return body;
  });

  app.get('/common3/changeLocale/:locale', {
    schema: { params: LocaleParams, response: { 200: AppMessage } },
  }, async (req, reply) => {
    const { locale } = req.params;
    if (locale !== 'en' && locale !== 'zh') throw badRequest(`Unsupported locale '${locale}' (use en or zh)`);
    // A visitor without a session who chooses the language they get anyway (their browser's, else the default) has
    // nothing to store, so no session row is made (security probe finding 17: a session row per cookie-less request).
    // Any other choice is kept in a session: a chosen language always wins over Accept-Language.
    const existing = await getSession(req);
    const unchosen = localeFromAcceptLanguage(req.headers['accept-language']) ?? DEFAULT_LOCALE;
    if (existing || locale !== unchosen) {
      const s = existing ?? (await ensureSession(req, reply));
      await setSessionChoice(db, s.id, { locale });
    }
    const st = await getSettings(db, ['messages']);
    return { currentLocale: locale as Locale, applicationMessage: { messages: st.messages?.[locale] ?? {} } };
  });

  app.get('/common3/pickupLocations', { schema: { response: { 200: Type.Array(StoreLocation) } } }, async () =>
    (await allLocations(db)).filter(isPickable));

  app.post('/common3/setSelectedStoreLocation', {
    schema: {
      body: SelectStoreLocationBody,
      response: { 200: SelectedStoreLocation },
    },
  }, async (req, reply) => {
    const { id } = req.body;
    const loc = await getLocation(db, id);
    if (!loc) throw notFound(`Store location '${id}' not found`);
    if (!isPickable(loc)) throw badRequest(`Store location '${id}' cannot be selected`);
    const s = await ensureSession(req, reply);
    await setSessionChoice(db, s.id, { location_id: id });
    return { landingPageUrl: loc.landingPageUrl, id: loc.id, localStoreName: loc.localStoreName };
  });

  app.get('/common3/exchangeRates/', { schema: { response: { 200: ExchangeRates } } }, async () => exchangeRates(db));

  app.get('/common3/exchangeRates/:currency', {
    schema: {
      params: CurrencyParams,
      response: { 200: ExchangeRate },
    },
  }, async (req) => {
    const cur = req.params.currency.toUpperCase();
    if (!/^[A-Z]{3}$/.test(cur)) throw badRequest(`Invalid currency '${cur}'`);
    return exchangeRate(db, cur);
  });

  const tz = async () => {
    const st = await getSettings(db, ['checkout']);
    const timeZone = st.checkout?.timeZone ?? 'America/Toronto';
    return { timeZone, offsetMinutes: tzOffsetMinutes(timeZone), now: new Date().toISOString() };
  };
  const tzSchema = { response: { 200: TimeZoneInfo } };
  app.post('/common3/timeZoneInfo/GMT', { schema: { body: NoBody, ...tzSchema } }, tz);
  app.get('/common3/timeZoneInfo/GMT', { schema: tzSchema }, tz);
}
