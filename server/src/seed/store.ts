/** Demo store configuration: settings documents, locations, rates, coupons, pages, sections, countries. */

const m = (en: string, zh: string) => ({ en, zh });

export const storeInfo = {
  storeName: 'Maple & Jade Market',
  storeNameContent: m('Maple & Jade Market', '枫玉市集'),
  logo: { imageURL: 'logo-maple-jade.svg' },
  storeLogo: '1',
  favicon: { imageURL: 'favicon-mj.svg' },
  footerLogo: { imageURL: 'logo-maple-jade-footer.svg' },
};

export const appConfig = {
  hidePowerBy: false,
  powerByName: 'iStore',
  powerByFullUrl: 'https://istore.example.com',
  showPowerByNameOnly: false,
  enableWeChatMiniProgramPromotion: true,
  enableMultiLocationSelection: true,
  supportedLanguages: ['en', 'zh'],
  enableUserAccounts: true,
  enableCheckout: true,
  displayHeader: 'FULL',
  enablePromotion: false,
  supportEmail: 'care@maple-jade.example',
  supportPhone: '416-555-0100',
};

export const payment = {
  defaultCurrency: { currencyType: 'CAD', currencyCode: '$' },
  // The methods the checkout can offer (a hosted channel carries each): the footer's badges show these flags.
  supportVisa: false,
  supportMasterCard: false,
  supportAmex: false,
  supportPayPal: true,
  supportWeChatPay: true,
  supportAliPay: true,
  supportUnionPay: true,
};

export const social = {
  instagram: { userName: 'maplejademarket', pageURL: 'https://www.instagram.com/maplejademarket' },
  facebook: { pageURL: 'https://www.facebook.com/maplejademarket' },
  twitter: { pageURL: '' },
  youTube: { pageURL: 'https://www.youtube.com/@maplejademarket' },
  linkedin: { pageURL: '' },
  pinterest: { pageURL: 'https://www.pinterest.com/maplejademarket' },
};

export const css = {
  varPrimary: '#c0392b',
  varSecondary: '#2e7d5b',
  varHeader: '#ffffff',
  varHeaderText: '#222222',
  varFooter: '#1f2a30',
  varFooterText: '#e8ecef',
  varBackground: '#fafaf7',
  varText: '#222222',
  varPrice: '#c0392b',
  varFontFamily: "'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', sans-serif",
};

export const headerControl = {
  notDisplayheaderInMP: false,
  notDisplayheaderInAli: true,
  notDisplayheaderInMobile: false,
  notDisplayheaderInDesktop: false,
};

export const appDetail = {
  isWmp: false,
  wmpBind: false,
  appDomain: 'localhost',
  cdnpath: '/api/istore/client/common3/image/',
  caid: 'demo-maple-jade',
  isAac: false,
  appPath: '/api/istore/client/',
  partnerType: 'STANDARD',
};

export const labels = {
  currencyLabel: m('Currency', '货币'),
  languageLabel: m('Language', '语言'),
  pickupLabel: m('Pickup', '自取'),
  deliveryLabel: m('Delivery', '配送'),
  eatInLabel: m('Eat in', '堂食'),
};

const I = 'INTERNAL_LINK';
const E = 'EXTERNAL_LINK';
export const navigation = {
  headerMenu: [
    { name: 'Shop', nameContent: m('Shop', '商店'), icon: 'shop', subMenu: [
      { name: 'Coffee', nameContent: m('Coffee', '咖啡'), link: 'productlist?cat=Coffee&sort=default', linkActionType: I },
      { name: 'Tea', nameContent: m('Tea', '茶'), link: 'products/Tea', linkActionType: I },
      { name: 'Home & Kitchen', nameContent: m('Home & Kitchen', '家居厨房'), link: 'productlist?cat=Home%20%26%20Kitchen&sort=priceLowToHigh', linkActionType: I },
      { name: 'Apparel', nameContent: m('Apparel', '服饰'), link: 'products/Apparel', linkActionType: I },
      { name: 'All products', nameContent: m('All products', '全部商品'), link: 'productlist?cat=all&sort=name', linkActionType: I },
    ] },
    { name: 'New Arrivals', nameContent: m('New Arrivals', '新品'), link: 'tag/new', linkActionType: I },
    { name: 'Clearance', nameContent: m('Clearance', '清仓特卖'), link: 'clearance', linkActionType: I },
    { name: 'Jade Leaf Teas', nameContent: m('Jade Leaf Teas', '翠叶茶品'), link: 'brand/Jade%20Leaf', linkActionType: I },
    { name: 'About Us', nameContent: m('About Us', '关于我们'), link: 'page/about', linkActionType: I },
    { name: 'Journal', nameContent: m('Journal', '博客'), link: 'blog', linkActionType: I },
  ],
  sideMenu: [
    { name: 'Search', nameContent: m('Search', '搜索'), link: 'search', linkActionType: I, icon: 'search' },
    { name: 'Shop by category', nameContent: m('Shop by category', '按分类选购'), subMenu: [
      { name: 'Coffee', nameContent: m('Coffee', '咖啡'), link: 'productlist?cat=Coffee&sort=priceHighToLow', linkActionType: I },
      { name: 'Bakery', nameContent: m('Bakery', '烘焙'), link: 'products/Bakery', linkActionType: I },
      { name: 'Snacks', nameContent: m('Snacks', '零食'), link: 'products/Snacks', linkActionType: I },
    ] },
    { name: 'Gift ideas', nameContent: m('Gift ideas', '礼品推荐'), subMenu: [
      { name: 'Gifts', nameContent: m('Gifts', '礼品'), link: 'tag/gift', linkActionType: I },
      { name: 'Tea Gift Box', nameContent: m('Tea Gift Box', '茶叶礼盒'), link: 'product/1020', linkActionType: I },
    ] },
    { name: 'Maple Roasters', nameContent: m('Maple Roasters', '枫叶烘焙坊'), link: 'brand/Maple%20Roasters', linkActionType: I },
    { name: 'Clearance', nameContent: m('Clearance', '清仓特卖'), link: 'clearance', linkActionType: I },
    { name: 'Shipping', nameContent: m('Shipping', '配送说明'), link: 'page/shipping', linkActionType: I },
    { name: 'Open daily 8am–8pm', nameContent: m('Open daily 8am–8pm', '每日 8:00–20:00 营业') },
    { name: 'Instagram', nameContent: m('Instagram', 'Instagram'), link: 'https://www.instagram.com/maplejademarket', linkActionType: E },
  ],
  footerMenu: [
    { name: 'Customer service', nameContent: m('Customer service', '客户服务'), subMenu: [
      { name: 'Shipping', nameContent: m('Shipping', '配送说明'), link: 'page/shipping', linkActionType: I },
      { name: 'Privacy', nameContent: m('Privacy', '隐私政策'), link: 'page/privacy', linkActionType: I },
      { name: 'Contact us', nameContent: m('Contact us', '联系我们'), link: 'contact', linkActionType: I },
    ] },
    { name: 'About Us', nameContent: m('About Us', '关于我们'), link: 'page/about', linkActionType: I },
    { name: 'Careers', nameContent: m('Careers', '加入我们'), link: 'https://jobs.example.com/maple-jade', linkActionType: E },
    { name: '1-800-555-0199', nameContent: m('1-800-555-0199', '1-800-555-0199'), link: 'tel:+18005550199' },
  ],
  footerTabs: [
    { link: 'home', icon: 'home', name: 'Home', nameContent: m('Home', '首页') },
    { link: 'productlist?cat=Coffee', icon: 'coffee', name: 'Coffee', nameContent: m('Coffee', '咖啡') },
    { link: 'search', icon: 'search', name: 'Search', nameContent: m('Search', '搜索') },
    { link: 'checkout/cart', icon: 'cart', name: 'Cart', nameContent: m('Cart', '购物车') },
    // Opens in the WeChat mini-program; elsewhere it opens the store's support. Opening hours are in the side menu, not a tab.
    { link: '/pages/messenger/index', icon: 'message', name: 'Chat', nameContent: m('Chat', '客服') },
  ],
};

export const checkout = {
  orderMethods: ['PICKUP', 'DELIVERY', 'EAT_IN'],
  tipPercents: [0, 10, 15, 20],
  timeZone: 'America/Toronto',
  taxRatePercent: 13,
  taxName: m('HST', '统一销售税'),
  pickup: { leadTimeMinutes: 30, slotMinutes: 30, openTime: '09:00', closeTime: '20:00', daysAhead: 7 },
  delivery: {
    feeMinor: 599, freeOverMinor: 5000, minimumOrderMinor: 1500,
    leadTimeMinutes: 120, slotMinutes: 60, openTime: '11:00', closeTime: '20:00', daysAhead: 7,
    countries: ['CA'], provinces: ['ON', 'BC'],
  },
  eatIn: { tableNumberPattern: '^[A-Za-z0-9-]{1,8}$' },
  payAtStoreMethods: ['PICKUP', 'EAT_IN'],
};

/** Delivery areas (table delivery_cities): each city's English and Chinese name, in the order shoppers see them. */
export const deliveryLocations = [
  { country: 'CA', province: 'ON', cities: [m('Toronto', '多伦多'), m('Mississauga', '密西沙加'), m('Markham', '万锦'), m('Richmond Hill', '列治文山'), m('Scarborough', '士嘉堡')] },
  { country: 'CA', province: 'BC', cities: [m('Vancouver', '温哥华'), m('Richmond', '列治文'), m('Burnaby', '本拿比')] },
];

export const storeLocations = [
  { id: 'TOR-DT', display: true, virtual: false, en: 'Downtown Toronto', zh: '多伦多市中心店', street: '220 Yonge St', city: 'Toronto', province: 'ON', post: 'M5B 2H1', landing: '' },
  { id: 'MSS-SQ1', display: true, virtual: false, en: 'Mississauga Square One', zh: '密西沙加广场店', street: '100 City Centre Dr', city: 'Mississauga', province: 'ON', post: 'L5B 2C9', landing: '' },
  { id: 'VAN-RMD', display: true, virtual: false, en: 'Richmond Aberdeen', zh: '列治文时代坊店', street: '4151 Hazelbridge Way', city: 'Richmond', province: 'BC', post: 'V6X 4J7', landing: '' },
  { id: 'MTL-OLD', display: false, virtual: false, en: 'Old Montreal (opening soon)', zh: '蒙特利尔老城店（即将开业）', street: '400 Rue Saint-Paul O', city: 'Montréal', province: 'QC', post: 'H2Y 2A3', landing: '/' },
  { id: 'ONLINE', display: true, virtual: true, en: 'Online warehouse', zh: '线上仓库', street: '1 Logistics Rd', city: 'Brampton', province: 'ON', post: 'L6T 5G8', landing: '/' },
];

export const exchangeRates = [
  { currency: 'CAD', symbol: '$', rate: 1, base: true },
  { currency: 'USD', symbol: 'US$', rate: 0.73 },
  { currency: 'CNY', symbol: '¥', rate: 5.21 },
  { currency: 'JPY', symbol: 'JP¥', rate: 108.4 },
  { currency: 'KWD', symbol: 'KD', rate: 0.224 },
];

export const coupons = [
  { code: 'WELCOME10', kind: 'PERCENT', value: 10, min: 0, expires: null, en: '10% off your order', zh: '订单立减10%', pub: true },
  { code: 'SAVE5', kind: 'FIXED', value: 500, min: 3000, expires: null, en: '$5 off orders over $30', zh: '满30加元减5加元', pub: true },
  { code: 'BIG15', kind: 'PERCENT', value: 15, min: 10000, expires: null, en: '15% off orders over $100', zh: '满100加元享85折', pub: true },
  { code: 'SPRING20', kind: 'PERCENT', value: 20, min: 0, expires: '2024-05-31T23:59:59Z', en: '20% off (spring sale, ended)', zh: '春季特卖8折（已结束）', pub: true },
  { code: 'STAFF50', kind: 'FIXED', value: 5000, min: 0, expires: null, en: '$50 staff voucher', zh: '员工50加元代金券', pub: false },
];

export const pages = [
  { name: 'about', title: m('About us', '关于我们'),
    content: m('<h2>Maple & Jade Market</h2><p>A neighbourhood shop for coffee, tea and good things to eat, with stores in Toronto, Mississauga and Richmond.</p>',
      '<h2>枫玉市集</h2><p>一家售卖咖啡、茶和美味小食的社区小店，门店位于多伦多、密西沙加和列治文。</p>') },
  { name: 'shipping', title: m('Shipping & pickup', '配送与自取'),
    content: m('<p>Local delivery in the GTA and Metro Vancouver: $5.99, free over $50. Pickup is free at any store, ready in 30 minutes.</p>',
      '<p>大多伦多地区和大温哥华地区本地配送：5.99加元，满50加元免运费。任意门店自取免费，30分钟内备好。</p>') },
  { name: 'privacy', title: m('Privacy policy', '隐私政策'),
    content: m('<p>We keep only what we need to fulfil your orders and never sell your data.</p>', '<p>我们只保存完成订单所需的信息，绝不出售您的数据。</p>') },
];

export const sectionTemplates = {
  home: [
    { kind: 'banner', id: 'home-banner', slides: [
      { image: 'banner-autumn-coffee.svg', title: m('New autumn roasts', '秋季新品烘焙'), subtitle: m('Small batches, roasted this week', '本周小批量新鲜烘焙'), link: 'productlist?cat=Coffee&sort=default', linkActionType: 'INTERNAL_LINK' },
      { image: 'banner-tea-gifts.svg', title: m('Tea gifts', '茶礼'), subtitle: m('Boxed and ready to give', '礼盒包装，随手可送'), link: 'tag/gift', linkActionType: 'INTERNAL_LINK' },
      { image: 'banner-clearance-sale.svg', title: m('Clearance', '清仓特卖'), subtitle: m('Up to 30% off', '低至七折'), link: 'clearance', linkActionType: 'INTERNAL_LINK' },
    ] },
    { kind: 'featuredCategories', id: 'home-categories', title: m('Shop by category', '按分类选购'), categories: [
      { name: 'Coffee', nameContent: m('Coffee', '咖啡'), image: 'category-coffee.svg', link: 'products/Coffee' },
      { name: 'Tea', nameContent: m('Tea', '茶'), image: 'category-tea.svg', link: 'products/Tea' },
      { name: 'Bakery', nameContent: m('Bakery', '烘焙'), image: 'category-bakery.svg', link: 'products/Bakery' },
      { name: 'Home & Kitchen', nameContent: m('Home & Kitchen', '家居厨房'), image: 'category-home-kitchen.svg', link: 'productlist?cat=Home%20%26%20Kitchen' },
    ] },
    { kind: 'productCarousel', id: 'home-bestsellers', title: m('Bestsellers', '热销商品'), tagName: 'bestseller', numberToLoad: 8 },
  ],
  store: [
    { kind: 'banner', id: 'store-banner', slides: [
      { image: 'banner-shop-all.svg', title: m('Shop all', '全部商品'), subtitle: m('Free pickup in 30 minutes', '30分钟免费自取'), link: 'productlist?cat=all', linkActionType: 'INTERNAL_LINK' },
    ] },
  ],
};

export const countries = [
  { code: 'CA', en: 'Canada', zh: '加拿大', provinces: [
    ['AB', 'Alberta', '艾伯塔省'], ['BC', 'British Columbia', '不列颠哥伦比亚省'], ['MB', 'Manitoba', '马尼托巴省'],
    ['NB', 'New Brunswick', '新不伦瑞克省'], ['NL', 'Newfoundland and Labrador', '纽芬兰与拉布拉多省'],
    ['NS', 'Nova Scotia', '新斯科舍省'], ['NT', 'Northwest Territories', '西北地区'], ['NU', 'Nunavut', '努纳武特地区'],
    ['ON', 'Ontario', '安大略省'], ['PE', 'Prince Edward Island', '爱德华王子岛省'], ['QC', 'Quebec', '魁北克省'],
    ['SK', 'Saskatchewan', '萨斯喀彻温省'], ['YT', 'Yukon', '育空地区'] ] },
  { code: 'US', en: 'United States', zh: '美国', provinces: [
    ['CA', 'California', '加利福尼亚州'], ['NY', 'New York', '纽约州'], ['WA', 'Washington', '华盛顿州'],
    ['MA', 'Massachusetts', '马萨诸塞州'], ['IL', 'Illinois', '伊利诺伊州'], ['TX', 'Texas', '得克萨斯州'] ] },
  { code: 'CN', en: 'China', zh: '中国', provinces: [
    ['BJ', 'Beijing', '北京市'], ['SH', 'Shanghai', '上海市'], ['GD', 'Guangdong', '广东省'], ['ZJ', 'Zhejiang', '浙江省'],
    ['JS', 'Jiangsu', '江苏省'], ['SC', 'Sichuan', '四川省'] ] },
];

export const messages = {
  en: {
    'app.title': 'Maple & Jade Market', 'nav.home': 'Home', 'nav.shop': 'Shop', 'nav.cart': 'Cart', 'nav.account': 'Account',
    'nav.support': 'Support', 'nav.signIn': 'Sign in', 'nav.myAccount': 'My account', 'nav.search': 'Search',
    'product.addToCart': 'Add to cart', 'product.soldOut': 'Sold out', 'product.clearance': 'Clearance',
    'product.onlyLeft': 'Only {n} left', 'cart.empty': 'Your cart is empty', 'cart.subtotal': 'Subtotal',
    'cart.discount': 'Discount', 'cart.tip': 'Tip', 'cart.tax': 'Tax', 'cart.shipping': 'Shipping', 'cart.total': 'Total',
    'cart.storeCredit': 'Store credit', 'cart.checkout': 'Checkout', 'checkout.pickup': 'Pickup',
    'checkout.delivery': 'Delivery', 'checkout.eatIn': 'Eat in', 'checkout.tableNumber': 'Table number',
    'checkout.payAtStore': 'Pay at store', 'checkout.placeOrder': 'Place order', 'confirmation.success': 'Thank you for your order!',
    'confirmation.receipt': 'A receipt has been emailed to you.', 'confirmation.failed': 'Payment Failed',
    'location.choose': 'Choose the Location', 'footer.followUs': 'Follow Us', 'footer.payment': 'Payment',
    'footer.rights': 'All Rights Reserved', 'footer.poweredBy': 'PWA POWERED BY', 'addToHome.prompt': 'Use this website as a free app.',
    'common.apply': 'Apply', 'common.close': 'Close', 'common.language': 'Language', 'common.currency': 'Currency',
  },
  zh: {
    'app.title': '枫玉市集', 'nav.home': '首页', 'nav.shop': '商店', 'nav.cart': '购物车', 'nav.account': '账户',
    'nav.support': '客服', 'nav.signIn': '登录', 'nav.myAccount': '我的账户', 'nav.search': '搜索',
    'product.addToCart': '加入购物车', 'product.soldOut': '已售罄', 'product.clearance': '清仓',
    'product.onlyLeft': '仅剩 {n} 件', 'cart.empty': '购物车是空的', 'cart.subtotal': '小计',
    'cart.discount': '折扣', 'cart.tip': '小费', 'cart.tax': '税费', 'cart.shipping': '运费', 'cart.total': '合计',
    'cart.storeCredit': '储值金', 'cart.checkout': '去结算', 'checkout.pickup': '自取',
    'checkout.delivery': '配送', 'checkout.eatIn': '堂食', 'checkout.tableNumber': '桌号',
    'checkout.payAtStore': '到店付款', 'checkout.placeOrder': '提交订单', 'confirmation.success': '感谢您的订购！',
    'confirmation.receipt': '收据已发送到您的邮箱。', 'confirmation.failed': '支付失败',
    'location.choose': '选择门店', 'footer.followUs': '关注我们', 'footer.payment': '支付方式',
    'footer.rights': '版权所有', 'footer.poweredBy': 'PWA 技术支持', 'addToHome.prompt': '将本网站作为免费应用使用。',
    'common.apply': '应用', 'common.close': '关闭', 'common.language': '语言', 'common.currency': '货币',
  },
};
