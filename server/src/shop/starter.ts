/**
 * What `npm run shop -- init FILE` writes: a complete shop for a merchant to edit, with nothing of the demo store in it
 * (no products, accounts, coupons, orders, membership plans, members' discount or live rooms). It sells in US dollars from one pickup
 * store, and knows the provinces of the United States, Canada and mainland China, so a shop in any of them only
 * chooses its own (checkout.delivery) and its currency.
 */
import { SHOP_FORMAT, type ShopFile } from './schema.ts';

const m = (en: string, zh: string) => ({ en, zh });
const provinces = (list: [string, string, string][]) => list.map(([code, en, zh]) => ({ code, name: m(en, zh) }));

export const STARTER_COUNTRIES: ShopFile['countries'] = [
  { code: 'US', name: m('United States', '美国'), provinces: provinces([
    ['AL', 'Alabama', '阿拉巴马州'], ['AK', 'Alaska', '阿拉斯加州'], ['AZ', 'Arizona', '亚利桑那州'], ['AR', 'Arkansas', '阿肯色州'],
    ['CA', 'California', '加利福尼亚州'], ['CO', 'Colorado', '科罗拉多州'], ['CT', 'Connecticut', '康涅狄格州'], ['DE', 'Delaware', '特拉华州'],
    ['DC', 'District of Columbia', '哥伦比亚特区'], ['FL', 'Florida', '佛罗里达州'], ['GA', 'Georgia', '佐治亚州'], ['HI', 'Hawaii', '夏威夷州'],
    ['ID', 'Idaho', '爱达荷州'], ['IL', 'Illinois', '伊利诺伊州'], ['IN', 'Indiana', '印第安纳州'], ['IA', 'Iowa', '艾奥瓦州'],
    ['KS', 'Kansas', '堪萨斯州'], ['KY', 'Kentucky', '肯塔基州'], ['LA', 'Louisiana', '路易斯安那州'], ['ME', 'Maine', '缅因州'],
    ['MD', 'Maryland', '马里兰州'], ['MA', 'Massachusetts', '马萨诸塞州'], ['MI', 'Michigan', '密歇根州'], ['MN', 'Minnesota', '明尼苏达州'],
    ['MS', 'Mississippi', '密西西比州'], ['MO', 'Missouri', '密苏里州'], ['MT', 'Montana', '蒙大拿州'], ['NE', 'Nebraska', '内布拉斯加州'],
    ['NV', 'Nevada', '内华达州'], ['NH', 'New Hampshire', '新罕布什尔州'], ['NJ', 'New Jersey', '新泽西州'], ['NM', 'New Mexico', '新墨西哥州'],
    ['NY', 'New York', '纽约州'], ['NC', 'North Carolina', '北卡罗来纳州'], ['ND', 'North Dakota', '北达科他州'], ['OH', 'Ohio', '俄亥俄州'],
    ['OK', 'Oklahoma', '俄克拉何马州'], ['OR', 'Oregon', '俄勒冈州'], ['PA', 'Pennsylvania', '宾夕法尼亚州'], ['RI', 'Rhode Island', '罗得岛州'],
    ['SC', 'South Carolina', '南卡罗来纳州'], ['SD', 'South Dakota', '南达科他州'], ['TN', 'Tennessee', '田纳西州'], ['TX', 'Texas', '得克萨斯州'],
    ['UT', 'Utah', '犹他州'], ['VT', 'Vermont', '佛蒙特州'], ['VA', 'Virginia', '弗吉尼亚州'], ['WA', 'Washington', '华盛顿州'],
    ['WV', 'West Virginia', '西弗吉尼亚州'], ['WI', 'Wisconsin', '威斯康星州'], ['WY', 'Wyoming', '怀俄明州'],
  ]) },
  { code: 'CA', name: m('Canada', '加拿大'), provinces: provinces([
    ['AB', 'Alberta', '艾伯塔省'], ['BC', 'British Columbia', '不列颠哥伦比亚省'], ['MB', 'Manitoba', '马尼托巴省'],
    ['NB', 'New Brunswick', '新不伦瑞克省'], ['NL', 'Newfoundland and Labrador', '纽芬兰与拉布拉多省'], ['NS', 'Nova Scotia', '新斯科舍省'],
    ['NT', 'Northwest Territories', '西北地区'], ['NU', 'Nunavut', '努纳武特地区'], ['ON', 'Ontario', '安大略省'],
    ['PE', 'Prince Edward Island', '爱德华王子岛省'], ['QC', 'Quebec', '魁北克省'], ['SK', 'Saskatchewan', '萨斯喀彻温省'], ['YT', 'Yukon', '育空地区'],
  ]) },
  // Mainland China's provincial divisions by their ISO 3166-2:CN codes.
  { code: 'CN', name: m('China (mainland)', '中国大陆'), provinces: provinces([
    ['AH', 'Anhui', '安徽省'], ['BJ', 'Beijing', '北京市'], ['CQ', 'Chongqing', '重庆市'], ['FJ', 'Fujian', '福建省'], ['GD', 'Guangdong', '广东省'],
    ['GS', 'Gansu', '甘肃省'], ['GX', 'Guangxi', '广西壮族自治区'], ['GZ', 'Guizhou', '贵州省'], ['HA', 'Henan', '河南省'], ['HB', 'Hubei', '湖北省'],
    ['HE', 'Hebei', '河北省'], ['HI', 'Hainan', '海南省'], ['HL', 'Heilongjiang', '黑龙江省'], ['HN', 'Hunan', '湖南省'], ['JL', 'Jilin', '吉林省'],
    ['JS', 'Jiangsu', '江苏省'], ['JX', 'Jiangxi', '江西省'], ['LN', 'Liaoning', '辽宁省'], ['NM', 'Inner Mongolia', '内蒙古自治区'],
    ['NX', 'Ningxia', '宁夏回族自治区'], ['QH', 'Qinghai', '青海省'], ['SC', 'Sichuan', '四川省'], ['SD', 'Shandong', '山东省'],
    ['SH', 'Shanghai', '上海市'], ['SN', 'Shaanxi', '陕西省'], ['SX', 'Shanxi', '山西省'], ['TJ', 'Tianjin', '天津市'],
    ['XJ', 'Xinjiang', '新疆维吾尔自治区'], ['XZ', 'Tibet', '西藏自治区'], ['YN', 'Yunnan', '云南省'], ['ZJ', 'Zhejiang', '浙江省'],
  ]) },
];

/** A new shop's file; `schemaRef` is where its `$schema` points (relative to the file). */
export function starterShop(schemaRef: string): ShopFile {
  return {
    $schema: schemaRef,
    format: SHOP_FORMAT,
    storeInfo: {
      storeName: 'Your Shop', storeNameContent: m('Your Shop', '你的小店'),
      logo: { imageURL: 'logo.svg' }, storeLogo: '1', favicon: { imageURL: 'favicon.svg' }, footerLogo: { imageURL: 'logo-footer.svg' },
    },
    appConfig: {
      hidePowerBy: false, powerByName: 'iStore', powerByFullUrl: '', showPowerByNameOnly: true,
      enableWeChatMiniProgramPromotion: false, enableMultiLocationSelection: false, supportedLanguages: ['en', 'zh'],
      enableUserAccounts: true, enableCheckout: true, displayHeader: 'FULL', enablePromotion: false,
      supportEmail: 'help@shop.example.com', supportPhone: '',
    },
    payment: {
      defaultCurrency: { currencyType: 'USD', currencyCode: '$' },
      supportVisa: false, supportMasterCard: false, supportAmex: false,
      supportPayPal: true, supportWeChatPay: true, supportAliPay: true, supportUnionPay: false,
    },
    social: {},
    css: {
      varPrimary: '#1f6feb', varSecondary: '#2e7d5b', varHeader: '#ffffff', varHeaderText: '#222222', varFooter: '#1f2a30',
      varFooterText: '#e8ecef', varBackground: '#ffffff', varText: '#222222', varPrice: '#1f6feb',
      varFontFamily: "'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', sans-serif",
    },
    headerControl: { notDisplayheaderInMP: false, notDisplayheaderInAli: true, notDisplayheaderInMobile: false, notDisplayheaderInDesktop: false },
    labels: {
      currencyLabel: m('Currency', '货币'), languageLabel: m('Language', '语言'), pickupLabel: m('Pickup', '自取'),
      deliveryLabel: m('Delivery', '配送'), eatInLabel: m('Eat in', '堂食'),
    },
    navigation: {
      headerMenu: [
        { name: 'All products', nameContent: m('All products', '全部商品'), link: 'productlist?cat=all&sort=name', linkActionType: 'INTERNAL_LINK' },
        { name: 'About us', nameContent: m('About us', '关于我们'), link: 'page/about', linkActionType: 'INTERNAL_LINK' },
      ],
      sideMenu: [
        { name: 'Search', nameContent: m('Search', '搜索'), link: 'search', linkActionType: 'INTERNAL_LINK', icon: 'search' },
        { name: 'All products', nameContent: m('All products', '全部商品'), link: 'productlist?cat=all&sort=name', linkActionType: 'INTERNAL_LINK' },
      ],
      footerMenu: [
        { name: 'About us', nameContent: m('About us', '关于我们'), link: 'page/about', linkActionType: 'INTERNAL_LINK' },
        { name: 'Contact us', nameContent: m('Contact us', '联系我们'), link: 'contact', linkActionType: 'INTERNAL_LINK' },
      ],
      footerTabs: [
        { link: 'home', icon: 'home', name: 'Home', nameContent: m('Home', '首页') },
        { link: 'search', icon: 'search', name: 'Search', nameContent: m('Search', '搜索') },
        { link: 'checkout/cart', icon: 'cart', name: 'Cart', nameContent: m('Cart', '购物车') },
      ],
    },
    checkout: {
      orderMethods: ['PICKUP', 'DELIVERY'],
      tipPercents: [0],
      timeZone: 'America/New_York',
      taxRatePercent: 0,
      taxName: m('Tax', '税'),
      pickup: { leadTimeMinutes: 30, slotMinutes: 30, openTime: '09:00', closeTime: '18:00', daysAhead: 7 },
      delivery: {
        feeMinor: 500, freeOverMinor: 5000, minimumOrderMinor: 1000,
        leadTimeMinutes: 120, slotMinutes: 60, openTime: '10:00', closeTime: '18:00', daysAhead: 7,
        countries: ['US'], provinces: ['NY'],
      },
      eatIn: { tableNumberPattern: '^[A-Za-z0-9-]{1,8}$' },
      payAtStoreMethods: ['PICKUP'],
    },
    messages: { en: { 'app.title': 'Your Shop' }, zh: { 'app.title': '你的小店' } },
    membership: null,
    exchangeRates: [{ currency: 'USD', symbol: '$', rate: 1, base: true }],
    storeLocations: [{
      id: 'MAIN', display: true, virtual: false, name: m('Main store', '总店'),
      address: { street: '1 Main St', city: 'New York', province: 'NY', postCode: '10001', country: 'US' }, landingPageUrl: '',
    }],
    countries: STARTER_COUNTRIES,
    deliveryAreas: [],
    coupons: [],
    pages: [
      { name: 'about', title: m('About us', '关于我们'), content: m('<p>Who we are and what we sell.</p>', '<p>我们是谁，卖什么。</p>') },
      { name: 'privacy', title: m('Privacy policy', '隐私政策'), content: m('<p>What we keep about you, and why.</p>', '<p>我们保存哪些信息，以及原因。</p>') },
    ],
    sections: {
      home: [{ kind: 'productCarousel', id: 'home-new', title: m('New arrivals', '新品'), tagName: 'new', numberToLoad: 8 }],
      store: [],
      // The sections an influencer's profile may have (server/CONTRACT.md, Influencer profiles).
      influencer: [
        { kind: 'influencerSection', id: 'my-picks', block: 'picks', title: m('My picks', '我的精选') },
        { kind: 'influencerSection', id: 'story', block: 'text', title: m('My story', '我的故事') },
        { kind: 'influencerSection', id: 'photo', block: 'image', title: m('Photo', '照片') },
      ],
    },
    listHeadings: [],
    liveRooms: [],
    storeCredit: { topUpAmountsMinor: [2000, 5000, 10000] },
    mail: { from: 'Your Shop <orders@shop.example.com>' },
    membershipPlans: [],
  };
}
