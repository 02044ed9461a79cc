/**
 * The shop file (`npm run shop`, server/README.md "Your shop as a file"): every setting that makes a database a shop, as
 * one JSON document of format `istore-shop/1`. This module is its schema (TypeBox, so the JSON Schema an editor reads,
 * `shop.schema.json` beside it, is generated from it: `npm run shop -- schema`); the rules a schema cannot say (a time
 * zone exists, a province is one of its country's, one base exchange rate...) are `rules.ts`.
 *
 * The settings documents the storefront reads (storeInfo, appConfig, payment, social, css, headerControl, labels,
 * navigation, checkout, messages) are required and are written as they are; membership, storeCredit and mail may be
 * left out (none). The lists (store locations, countries, delivery areas, exchange rates, coupons, pages, sections, list
 * headings, live rooms, membership plans) are each the whole list when present (what the file leaves out is removed; a
 * membership plan stops being sold) and left as they are when the key is absent.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  AppConfig, FooterTab, HeaderControl, MenuItem, PaymentBrands, SocialConfig,
} from '../../../contract/appInfo.ts';
import { ORDER_METHODS, STORE_CREDIT_DEPOSIT_MAX, STORE_CREDIT_DEPOSIT_MIN } from '../../../contract/constants.ts';
import { StringEnum } from '../../../contract/common.ts';
import { Section } from '../../../contract/content.ts';

export const SHOP_FORMAT = 'istore-shop/1';

const closed = <T extends Record<string, TSchema>>(props: T, description?: string) =>
  Type.Object(props, { additionalProperties: false, ...(description ? { description } : {}) });
const Text = (max: number, description?: string) => Type.String({ maxLength: max, ...(description ? { description } : {}) });
const Both = (max = 200, description?: string) => closed({ en: Text(max), zh: Text(max) }, description);
const Image = closed({ imageURL: Text(500, 'an image name served under common3/image (a drawn .svg or an imported photo-<hash>.jpg) or an https URL') });
const Code2 = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166 code, upper case (CA, US, CN)' });
const ProvinceCode = Type.String({ pattern: '^[A-Z0-9]{1,3}$', description: 'the province or state code (ON, WA, GD)' });
const Time = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM, 24 h, in the checkout time zone' });
const Minor = (description: string) => Type.Integer({ minimum: 0, maximum: 100_000_000, description });

export const ShopStoreInfo = closed({
  storeName: Text(80, 'the shop\'s name (page titles, mail)'),
  storeNameContent: Both(80),
  logo: Image,
  storeLogo: StringEnum(['1', '2'], { description: 'the logo style' }),
  favicon: Image,
  footerLogo: Image,
});

export const ShopPayment = closed({
  ...PaymentBrands,
  defaultCurrency: closed({
    currencyType: Type.String({ pattern: '^[A-Z]{3}$', description: 'the store currency: ISO 4217 code (CAD, USD, CNY)' }),
    currencyCode: Text(8, 'its symbol as shoppers see it ($, US$, ¥)'),
  }),
}, 'the store currency and the payment methods the checkout offers (and the footer shows)');

const MenuList = Type.Array(MenuItem, { maxItems: 50 });
export const ShopNavigation = closed({
  headerMenu: Type.Optional(MenuList),
  sideMenu: Type.Optional(MenuList),
  footerMenu: Type.Optional(MenuList),
  footerTabs: Type.Optional(Type.Array(FooterTab, { maxItems: 5 })),
});

const Slots = {
  leadTimeMinutes: Type.Integer({ minimum: 0, maximum: 20_160 }),
  slotMinutes: Type.Integer({ minimum: 5, maximum: 1440 }),
  openTime: Time,
  closeTime: Time,
  daysAhead: Type.Integer({ minimum: 1, maximum: 60 }),
};
export const ShopCheckout = closed({
  orderMethods: Type.Array(StringEnum(ORDER_METHODS), { minItems: 1, uniqueItems: true }),
  tipPercents: Type.Array(Type.Integer({ minimum: 0, maximum: 100 }), { maxItems: 8 }),
  timeZone: Text(64, 'IANA time zone of the shop (America/Toronto, Asia/Shanghai)'),
  taxRatePercent: Type.Number({ minimum: 0, maximum: 100 }),
  taxName: Both(40),
  pickup: closed(Slots),
  delivery: closed({
    feeMinor: Minor('delivery fee in minor units of the store currency (599 = 5.99)'),
    freeOverMinor: Minor('free delivery from this subtotal (minor units; 0: never free)'),
    minimumOrderMinor: Minor('smallest delivery order (minor units)'),
    ...Slots,
    countries: Type.Array(Code2, { uniqueItems: true, description: 'countries delivered to (each among the file\'s countries)' }),
    provinces: Type.Array(ProvinceCode, { uniqueItems: true, description: 'provinces delivered to (each a province of one of those countries)' }),
  }),
  eatIn: closed({ tableNumberPattern: Text(200, 'a regular expression a table number must match') }),
  payAtStoreMethods: Type.Array(StringEnum(ORDER_METHODS), { uniqueItems: true }),
});

export const ShopAppDetail = closed({
  isWmp: Type.Optional(Type.Boolean()),
  wmpBind: Type.Optional(Type.Boolean()),
  appDomain: Type.Optional(Text(200)),
  cdnpath: Type.Optional(Text(200)),
  caid: Type.Optional(Text(80)),
  isAac: Type.Optional(Type.Boolean()),
  appPath: Type.Optional(Text(200)),
  partnerType: Type.Optional(Text(40)),
}, 'app info\'s appDetail defaults (left out: the server\'s own)');

export const ShopExchangeRate = closed({
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  symbol: Text(8),
  rate: Type.Number({ exclusiveMinimum: 0, description: '1 of the store currency is this much of this currency' }),
  base: Type.Optional(Type.Boolean({ description: 'the store currency itself (rate 1): exactly one, and it is payment.defaultCurrency' })),
});

export const ShopStoreLocation = closed({
  id: Type.String({ pattern: '^[A-Za-z0-9-]{1,40}$', description: 'the store\'s code (orders name it: keep it once used)' }),
  display: Type.Boolean({ description: 'shown to shoppers' }),
  virtual: Type.Boolean({ description: 'a warehouse, not a place to pick up at' }),
  name: Both(80),
  address: closed({ street: Text(120), city: Text(80), province: ProvinceCode, postCode: Text(20), country: Code2 }),
  landingPageUrl: Text(500, 'where a shopper lands after choosing this store (empty: stays)'),
});

export const ShopCountry = closed({
  code: Code2,
  name: Both(80),
  provinces: Type.Array(closed({ code: ProvinceCode, name: Both(80) }), { maxItems: 200 }),
});

export const ShopDeliveryArea = closed({
  country: Code2,
  province: ProvinceCode,
  cities: Type.Array(closed({ en: Text(80), zh: Type.Union([Text(80), Type.Null()]) }), {
    maxItems: 500, description: 'the cities delivered to, in the order shoppers see them (none listed: any city of the province)',
  }),
});

export const ShopCoupon = closed({
  code: Type.String({ pattern: '^[A-Za-z0-9_-]{2,40}$' }),
  kind: StringEnum(['PERCENT', 'FIXED']),
  value: Type.Integer({ minimum: 1, description: 'PERCENT: the percentage off (1-100); FIXED: the amount off in minor units of the store currency' }),
  minSubtotalMinor: Minor('smallest subtotal it applies to (minor units)'),
  expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  description: Both(200),
  public: Type.Boolean({ description: 'false: only for the accounts it was given to (coupon_grants)' }),
  maxUsesPerShopper: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  maxUses: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  firstOrderOnly: Type.Optional(Type.Boolean({ description: "true: only for an account's first order (none paid or completed before); a guest signs in first" })),
});

export const ShopPage = closed({
  name: Type.String({ pattern: '^[a-z0-9-]{1,60}$', description: 'its address: /page/<name>' }),
  title: Both(120),
  content: Both(100_000, 'HTML, sanitised when answered'),
});

export const ShopListHeading = closed({
  kind: StringEnum(['category', 'tag']),
  name: Type.String({ pattern: '^[^A-Z]{1,60}$', description: 'the category or tag, lower case' }),
  title: Both(80),
  blurb: Both(400),
  banner: Type.Union([Text(200), Type.Null()]),
});

export const ShopLiveRoom = closed({
  roomid: Type.Integer({ minimum: 1 }),
  name: Both(120),
  anchor: Both(80),
  cover: Text(500),
  status: Type.Integer({ minimum: 101, maximum: 107, description: 'WeChat\'s live_status: 101 live, 102 not started, 103 ended, 104 banned, 105 paused, 106 error, 107 expired' }),
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time' }),
});

export const ShopStoreCredit = closed({
  topUpAmountsMinor: Type.Array(Type.Integer({ minimum: STORE_CREDIT_DEPOSIT_MIN, maximum: STORE_CREDIT_DEPOSIT_MAX }), {
    maxItems: 8, uniqueItems: true,
    description: `the top-up amounts offered as quick choices, in minor units of the store currency (2000 = 20.00), each ${STORE_CREDIT_DEPOSIT_MIN}-${STORE_CREDIT_DEPOSIT_MAX}; a shopper may also type an amount; none: typed only`,
  }),
}, 'store credit (My account: top up)');

export const ShopMail = closed({
  from: Text(200, 'the sender of the store\'s mail: "Your Shop <orders@shop.example.com>" or orders@shop.example.com (MAIL_FROM, when set, overrides it)'),
});

/** The order events a platform message tells (orders/platformMessages.ts), one template each. */
export const PLATFORM_MESSAGE_EVENTS = ['confirmed', 'readyForPickup', 'outForDelivery', 'refunded'] as const;
/** What a template's field may carry, filled in from the order when the event happens. */
export const PLATFORM_MESSAGE_VALUES = ['orderId', 'status', 'storeName', 'pickupAt', 'when', 'total', 'refundAmount', 'note'] as const;
export const ShopWeChatTemplate = closed({
  templateId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,128}$', description: 'the template id of the mini-program\'s subscription message (MP admin console: 订阅消息 → 我的模板)' }),
  data: Type.Record(Type.String({ pattern: '^[a-z_]{1,32}[0-9]{1,3}$' }), StringEnum(PLATFORM_MESSAGE_VALUES), {
    description: `the template's keys (thing1, character_string2, time3, amount4, phrase5 ...) and what each carries: ${PLATFORM_MESSAGE_VALUES.join(', ')}`,
  }),
});
export const ShopPlatformMessages = closed({
  wechat: Type.Optional(closed({
    confirmed: Type.Optional(ShopWeChatTemplate),
    readyForPickup: Type.Optional(ShopWeChatTemplate),
    outForDelivery: Type.Optional(ShopWeChatTemplate),
    refunded: Type.Optional(ShopWeChatTemplate),
  }, 'WeChat subscription messages (subscribeMessage.send): one template per order event; an event without one sends nothing')),
}, 'order messages on the mini-program platforms, beside the mail (server/README.md "Order messages on WeChat")');

export const MEMBERSHIP_DURATIONS = ['MONTH', 'QUARTER', 'YEAR', 'LIFETIME'] as const;
export const ShopMembershipPlan = closed({
  sku: Type.String({ pattern: '^[A-Za-z0-9._/-]{1,64}$', description: 'the plan\'s code (a product SKU no catalogue product has: keep it once sold)' }),
  duration: StringEnum(MEMBERSHIP_DURATIONS, { description: 'how long one unit bought lasts' }),
  priceMinor: Minor('its price in minor units of the store currency (3999 = 39.99)'),
  name: Both(200, 'the plan as a product (My account, cart, orders)'),
  description: Both(2000),
  level: Both(80, 'the membership level a buyer holds (Gold member)'),
  benefits: Type.Array(Both(200), { maxItems: 20 }),
  image: Text(500, 'an image name served under common3/image (a drawn .svg or an imported photo-<hash>.jpg) or an https URL'),
  category: Both(80, 'the catalogue category it is filed under, by its names (en is its key: made if the store has none of it)'),
  brand: Both(80, 'the brand it is filed under, by its names (en is its key: made if the store has none of it)'),
});

export const ShopFile = closed({
  $schema: Type.Optional(Type.String()),
  format: Type.Literal(SHOP_FORMAT),
  storeInfo: ShopStoreInfo,
  appConfig: closed(AppConfig.properties),
  payment: ShopPayment,
  social: closed(SocialConfig.properties),
  css: Type.Record(Type.String({ pattern: '^var[A-Za-z]+$' }), Text(200), { description: 'theme colours and font (varPrimary, varHeader, ...)' }),
  headerControl: closed(HeaderControl.properties),
  appDetail: Type.Optional(ShopAppDetail),
  labels: Type.Record(Type.String(), closed({ en: Type.Optional(Text(80)), zh: Type.Optional(Text(80)) })),
  navigation: ShopNavigation,
  checkout: ShopCheckout,
  messages: closed({ en: Type.Record(Type.String(), Text(500)), zh: Type.Record(Type.String(), Text(500)) }, 'the shell\'s texts the store words itself'),
  membership: Type.Optional(Type.Union([closed({ discountPercent: Type.Integer({ minimum: 0, maximum: 100 }) }), Type.Null()], {
    description: 'the members\' discount on every product (null: none)',
  })),
  exchangeRates: Type.Optional(Type.Array(ShopExchangeRate, { minItems: 1, maxItems: 50 })),
  storeLocations: Type.Optional(Type.Array(ShopStoreLocation, { maxItems: 200 })),
  countries: Type.Optional(Type.Array(ShopCountry, { maxItems: 250 })),
  deliveryAreas: Type.Optional(Type.Array(ShopDeliveryArea, { maxItems: 500 })),
  coupons: Type.Optional(Type.Array(ShopCoupon, { maxItems: 1000 })),
  pages: Type.Optional(Type.Array(ShopPage, { maxItems: 200 })),
  sections: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z][a-zA-Z0-9-]{0,39}$' }), Type.Array(Section, { maxItems: 50 }), {
    description: 'section templates by page type (home, store, influencer): the blocks of contract/content.ts Section',
  })),
  listHeadings: Type.Optional(Type.Array(ShopListHeading, { maxItems: 1000 })),
  liveRooms: Type.Optional(Type.Array(ShopLiveRoom, { maxItems: 200 })),
  storeCredit: Type.Optional(ShopStoreCredit),
  mail: Type.Optional(ShopMail),
  platformMessages: Type.Optional(ShopPlatformMessages),
  membershipPlans: Type.Optional(Type.Array(ShopMembershipPlan, {
    maxItems: 50, description: 'the membership plans on sale (a plan left out stops being sold; its members keep what they bought)',
  })),
}, 'An iStore shop: every setting of the store (server/README.md "Your shop as a file")');
export type ShopFile = Static<typeof ShopFile>;

/** The settings documents a shop file writes, and which of them a shop cannot be without. */
export const SHOP_SETTINGS = [
  'storeInfo', 'appConfig', 'payment', 'social', 'css', 'headerControl', 'appDetail', 'labels', 'navigation', 'checkout', 'messages',
  'membership', 'storeCredit', 'mail', 'platformMessages',
] as const;
export type ShopSetting = (typeof SHOP_SETTINGS)[number];
/** Settings a shop may be without (the file leaves them out, or membership is null). */
export const OPTIONAL_SETTINGS: readonly ShopSetting[] = ['membership', 'storeCredit', 'mail', 'platformMessages'];
export const REQUIRED_SETTINGS: readonly ShopSetting[] = SHOP_SETTINGS.filter((k) => !OPTIONAL_SETTINGS.includes(k));

/** app info's appDetail when the file leaves it (or a field) out: the server's own paths. */
export const DEFAULT_APP_DETAIL = {
  isWmp: false, wmpBind: false, appDomain: 'localhost', cdnpath: '/api/istore/client/common3/image/', caid: '',
  isAac: false, appPath: '/api/istore/client/', partnerType: 'STANDARD',
};

/** The JSON Schema an editor checks a shop file with (committed as shop.schema.json; a test keeps it current). */
export function shopJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://istore.example.com/schema/istore-shop-1.json',
    title: 'iStore shop file (istore-shop/1)',
    ...JSON.parse(JSON.stringify(ShopFile)),
  };
}
