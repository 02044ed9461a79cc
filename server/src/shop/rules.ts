/**
 * What a shop file must say beyond its schema (schema.ts): rules across fields and lists, pure, each problem with the
 * JSON path it is at (`checkout.delivery.provinces[1]`). Table-tested in tests/shop-rules.test.ts.
 */
import type { ShopFile } from './schema.ts';
import { mapMenuLink } from '../../../shared/linkMapping.ts';
import { matchRoute } from '../../../shared/routes.ts';

export interface ShopProblem { path: string; message: string }

const validTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const isoTime = (s: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s));
const fold = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** Every problem of a file that passed its schema; none: it may be applied. */
export function shopProblems(f: ShopFile): ShopProblem[] {
  const out: ShopProblem[] = [];
  const add = (path: string, message: string) => out.push({ path, message });
  const currency = f.payment?.defaultCurrency?.currencyType;

  const languages = f.appConfig.supportedLanguages;
  if (languages && !languages.length) add('appConfig.supportedLanguages', 'at least one language (en, zh)');

  // The exchange rates: one base, the store currency at rate 1 (the client converts from it; the start refuses otherwise).
  if (f.exchangeRates) {
    const bases = f.exchangeRates.flatMap((r, i) => (r.base ? [i] : []));
    if (bases.length !== 1) add('exchangeRates', `exactly one rate is the base (base: true), the store currency ${currency}; ${bases.length} are`);
    for (const i of bases) {
      const r = f.exchangeRates[i];
      if (currency && r.currency !== currency) add(`exchangeRates[${i}].currency`, `the base is the store currency (payment.defaultCurrency.currencyType), ${currency}, not ${r.currency}`);
      if (r.rate !== 1) add(`exchangeRates[${i}].rate`, 'the base currency\'s rate is 1');
    }
    duplicates(f.exchangeRates.map((r) => r.currency), (i, v) => add(`exchangeRates[${i}].currency`, `${v} is listed twice`));
  }

  // Countries and their provinces: every address, store and delivery area is checked against them.
  const provincesOf = new Map<string, Set<string>>();
  if (f.countries) {
    duplicates(f.countries.map((c) => c.code), (i, v) => add(`countries[${i}].code`, `${v} is listed twice`));
    f.countries.forEach((c, i) => {
      provincesOf.set(c.code, new Set(c.provinces.map((p) => p.code)));
      duplicates(c.provinces.map((p) => p.code), (j, v) => add(`countries[${i}].provinces[${j}].code`, `${v} is listed twice in ${c.code}`));
    });
  }
  const known = (country: string) => !f.countries || provincesOf.has(country);
  const knownProvince = (country: string, province: string) => !f.countries || !!provincesOf.get(country)?.has(province);

  const c = f.checkout;
  if (!validTimeZone(c.timeZone)) add('checkout.timeZone', `'${c.timeZone}' is not a time zone (IANA, like America/Toronto or Asia/Shanghai)`);
  for (const [i, m] of c.payAtStoreMethods.entries()) {
    if (!c.orderMethods.includes(m)) add(`checkout.payAtStoreMethods[${i}]`, `${m} is not one of the order methods (${c.orderMethods.join(', ')})`);
  }
  for (const part of ['pickup', 'delivery'] as const) {
    const s = c[part];
    if (minutes(s.closeTime) <= minutes(s.openTime)) add(`checkout.${part}.closeTime`, `${s.closeTime} is not after the opening time ${s.openTime}`);
  }
  try {
    new RegExp(c.eatIn.tableNumberPattern);
  } catch (e) {
    add('checkout.eatIn.tableNumberPattern', `not a regular expression: ${(e as Error).message}`);
  }
  if (c.orderMethods.includes('DELIVERY')) {
    if (!c.delivery.countries.length) add('checkout.delivery.countries', 'a shop that delivers names at least one country');
    if (!c.delivery.provinces.length) add('checkout.delivery.provinces', 'a shop that delivers names at least one province');
  }
  c.delivery.countries.forEach((code, i) => {
    if (!known(code)) add(`checkout.delivery.countries[${i}]`, `${code} is not among the file's countries`);
  });
  // Provinces are checked against the delivery countries the file has (one it lacks is named above, once).
  const deliveryCountries = c.delivery.countries.filter(known);
  c.delivery.provinces.forEach((code, i) => {
    if (f.countries && deliveryCountries.length && !deliveryCountries.some((country) => knownProvince(country, code))) {
      add(`checkout.delivery.provinces[${i}]`, `${code} is not a province of ${c.delivery.countries.join(' or ') || 'a delivery country'} (countries[].provinces)`);
    }
  });

  if (f.storeLocations) {
    duplicates(f.storeLocations.map((l) => l.id.toUpperCase()), (i, v) => add(`storeLocations[${i}].id`, `${v} is listed twice`));
    f.storeLocations.forEach((l, i) => {
      if (!known(l.address.country)) add(`storeLocations[${i}].address.country`, `${l.address.country} is not among the file's countries`);
      else if (!knownProvince(l.address.country, l.address.province)) add(`storeLocations[${i}].address.province`, `${l.address.province} is not a province of ${l.address.country}`);
    });
    const pickable = f.storeLocations.some((l) => l.display && !l.virtual);
    for (const m of ['PICKUP', 'EAT_IN'] as const) {
      if (c.orderMethods.includes(m) && !pickable) add('storeLocations', `${m} needs a store shoppers can choose (display: true, virtual: false)`);
    }
  }

  if (f.deliveryAreas) {
    duplicates(f.deliveryAreas.map((a) => `${a.country}-${a.province}`), (i, v) => add(`deliveryAreas[${i}]`, `${v} is listed twice`));
    f.deliveryAreas.forEach((a, i) => {
      if (!known(a.country)) add(`deliveryAreas[${i}].country`, `${a.country} is not among the file's countries`);
      else if (!knownProvince(a.country, a.province)) add(`deliveryAreas[${i}].province`, `${a.province} is not a province of ${a.country}`);
      // A delivery address names its city in either language, so no two cities of a province share a name in either.
      const seen = new Map<string, number>();
      a.cities.forEach((city, j) => {
        if (!city.en.trim()) add(`deliveryAreas[${i}].cities[${j}].en`, 'the English name is required');
        for (const name of [city.en, city.zh]) {
          if (!name?.trim()) continue;
          const k = fold(name);
          if (seen.has(k) && seen.get(k) !== j) add(`deliveryAreas[${i}].cities[${j}]`, `'${name}' also names another city of ${a.country}-${a.province}`);
          seen.set(k, j);
        }
      });
    });
  }

  if (f.coupons) {
    duplicates(f.coupons.map((x) => x.code.toUpperCase()), (i, v) => add(`coupons[${i}].code`, `${v} is listed twice`));
    f.coupons.forEach((x, i) => {
      if (x.kind === 'PERCENT' && x.value > 100) add(`coupons[${i}].value`, `a PERCENT coupon takes 1 to 100 percent off, not ${x.value}`);
      if (x.expiresAt !== null && !isoTime(x.expiresAt)) add(`coupons[${i}].expiresAt`, `'${x.expiresAt}' is not a date and time like 2027-05-31T23:59:59Z`);
      if (x.maxUses !== null && x.maxUsesPerShopper !== null && x.maxUsesPerShopper > x.maxUses) add(`coupons[${i}].maxUsesPerShopper`, 'is more than maxUses');
    });
  }
  if (f.pages) duplicates(f.pages.map((p) => p.name), (i, v) => add(`pages[${i}].name`, `${v} is listed twice`));

  // Social pages: a whole web address each (the footer opens it), or empty (no icon).
  for (const [network, page] of Object.entries(f.social)) {
    const url = (page as { pageURL?: string } | undefined)?.pageURL?.trim();
    if (url && !webAddress(url)) add(`social.${network}.pageURL`, `'${url}' is not a whole web address like https://www.${network.toLowerCase()}.com/yourshop`);
  }
  const insta = f.social.instagram?.userName?.trim();
  if (insta && !/^@?[A-Za-z0-9._]{1,30}$/.test(insta)) add('social.instagram.userName', `'${insta}' is not an Instagram user name (letters, digits, . and _)`);

  // Links shoppers tap (menus, banner slides, category tiles) go where the spec's link mapping sends them: somewhere.
  const pageNames = f.pages ? new Set(f.pages.map((p) => p.name)) : null;
  const checkLink = (path: string, item: { link?: string; linkActionType?: string }) => {
    const why = menuLinkProblem(item, pageNames);
    if (why) add(`${path}.link`, why);
  };
  for (const menu of ['headerMenu', 'sideMenu', 'footerMenu'] as const) {
    f.navigation[menu]?.forEach((item, i) => {
      const at = `navigation.${menu}[${i}]`;
      if (!item.name.trim()) add(`${at}.name`, 'is empty: name the entry');
      checkLink(at, item);
      item.subMenu?.forEach((sub, j) => {
        if (!sub.name.trim()) add(`${at}.subMenu[${j}].name`, 'is empty: name the entry');
        checkLink(`${at}.subMenu[${j}]`, sub);
      });
    });
  }
  for (const [type, sections] of Object.entries(f.sections ?? {})) {
    duplicates(sections.map((s) => s.id), (i, v) => add(`sections.${type}[${i}].id`, `${v} is listed twice in the ${type} template`));
    sections.forEach((s, i) => {
      const at = `sections.${type}[${i}]`;
      if (!s.id.trim()) add(`${at}.id`, 'is empty: give the section an id');
      if (s.kind === 'banner') {
        if (!s.slides.length) add(`${at}.slides`, 'a banner has at least one slide');
        s.slides.forEach((slide, j) => {
          if (!slide.image.trim()) add(`${at}.slides[${j}].image`, 'is empty: name the slide\'s image');
          checkLink(`${at}.slides[${j}]`, slide);
        });
      } else if (s.kind === 'featuredCategories') {
        if (!s.categories.length) add(`${at}.categories`, 'a row of categories has at least one category');
        s.categories.forEach((c, j) => {
          if (!c.name.trim()) add(`${at}.categories[${j}].name`, 'is empty: name the category');
          checkLink(`${at}.categories[${j}]`, c);
        });
      } else if (s.kind === 'productCarousel') {
        if (!s.tagName.trim()) add(`${at}.tagName`, 'is empty: name the tag whose products the row shows');
        if (s.numberToLoad !== undefined && (s.numberToLoad < 1 || s.numberToLoad > 50)) add(`${at}.numberToLoad`, `shows 1 to 50 products, not ${s.numberToLoad}`);
      }
    });
  }
  if (f.listHeadings) duplicates(f.listHeadings.map((h) => `${h.kind} ${h.name}`), (i, v) => add(`listHeadings[${i}].name`, `${v} is listed twice`));
  if (f.liveRooms) {
    duplicates(f.liveRooms.map((r) => String(r.roomid)), (i, v) => add(`liveRooms[${i}].roomid`, `${v} is listed twice`));
    f.liveRooms.forEach((r, i) => {
      if (!isoTime(r.start)) add(`liveRooms[${i}].start`, `'${r.start}' is not a date and time like 2027-05-31T18:00:00Z`);
      if (!isoTime(r.end)) add(`liveRooms[${i}].end`, `'${r.end}' is not a date and time like 2027-05-31T19:00:00Z`);
      else if (isoTime(r.start) && Date.parse(r.end) <= Date.parse(r.start)) add(`liveRooms[${i}].end`, 'is not after its start');
    });
  }
  if (f.mail && !MAIL_SENDER.test(f.mail.from.trim())) {
    add('mail.from', `'${f.mail.from}' is not a sender like "Your Shop <orders@shop.example.com>" or orders@shop.example.com`);
  }
  if (f.membershipPlans) {
    duplicates(f.membershipPlans.map((p) => p.sku), (i, v) => add(`membershipPlans[${i}].sku`, `${v} is listed twice`));
    f.membershipPlans.forEach((p, i) => {
      if (!p.category.en.trim()) add(`membershipPlans[${i}].category.en`, 'is empty: name the category the plan is filed under');
      if (!p.brand.en.trim()) add(`membershipPlans[${i}].brand.en`, 'is empty: name the brand the plan is filed under');
    });
  }
  return out;
}

/** An absolute http(s) address with a host. */
function webAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) && !!url.hostname;
  } catch {
    return false;
  }
}

/**
 * Why a configured link goes nowhere, by the spec's link mapping (shared/linkMapping.ts, which the storefront follows),
 * or null: no link (plain text), a `tel:` number, an external http(s) address, or an internal link whose address is one
 * of the storefront's routes; a general page (`page/about`, `about`) must be one of the file's pages when it lists them.
 */
export function menuLinkProblem(item: { link?: string; linkActionType?: string }, pageNames: ReadonlySet<string> | null): string | null {
  const link = (item.link ?? '').trim();
  if (!link) return null;
  const target = mapMenuLink(item);
  if (target.kind === 'none') return null;
  if (target.kind === 'phone') return /^\+?[0-9][0-9 ().-]{2,30}$/.test(target.number) ? null : `'${link}' is not a phone number like tel:+1-416-555-0100`;
  if (target.kind === 'external') {
    if (!webAddress(target.url)) return `'${link}' is not a whole web address like https://example.com/page (an external link opens it in a new tab)`;
    return null;
  }
  if (/[\s<>"'`\\]/.test(link) || /^[a-z][a-z0-9+.-]*:/i.test(link.replace(/^\/+/, ''))) {
    return `'${link}' is not a link of the storefront (page/about, products/Coffee, productlist?cat=Tea, tag/new, brand/Name, product/1020, clearance, search, blog, or https://...)`;
  }
  const match = matchRoute(target.url);
  if (!match) return `'${link}' leads nowhere in the storefront (${target.url} is none of its pages)`;
  if (match.route.page === 'pages/general/index' && pageNames && !pageNames.has(match.params.name)) {
    return `'${link}' opens the page '${match.params.name}', which the shop does not have (pages: ${[...pageNames].join(', ') || 'none'})`;
  }
  return null;
}

/** `Name <local@domain>` or `local@domain`: one address, no line breaks (a header is made of it). */
export const MAIL_SENDER = /^(?:[^<>\r\n"]*(?:"[^"\r\n]*")?[^<>\r\n"]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

function duplicates(values: string[], report: (index: number, value: string) => void) {
  const seen = new Set<string>();
  values.forEach((v, i) => {
    if (seen.has(v)) report(i, v);
    seen.add(v);
  });
}
