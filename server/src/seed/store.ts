/**
 * The demo store's settings that code and tests outside the seed name (the drawn logos of lib/svg.ts, the payment flags
 * a client test reads, the theme colours and banners of tests/images.test.ts). The demo store itself is the shop file
 * demo-shop.json, applied by the same code as an operator's (src/shop/apply.ts); tests/shop-file.test.ts checks that
 * these are what that file says.
 */

const m = (en: string, zh: string) => ({ en, zh });

export const storeInfo = {
  storeName: 'Maple & Jade Market',
  storeNameContent: m('Maple & Jade Market', '枫玉市集'),
  logo: { imageURL: 'logo-maple-jade.svg' },
  storeLogo: '1',
  favicon: { imageURL: 'favicon-mj.svg' },
  footerLogo: { imageURL: 'logo-maple-jade-footer.svg' },
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
    { kind: 'liveRooms', id: 'home-live' },
    { kind: 'productCarousel', id: 'home-bestsellers', title: m('Bestsellers', '热销商品'), tagName: 'bestseller', numberToLoad: 8 },
  ],
  store: [
    { kind: 'banner', id: 'store-banner', slides: [
      { image: 'banner-shop-all.svg', title: m('Shop all', '全部商品'), subtitle: m('Free pickup in 30 minutes', '30分钟免费自取'), link: 'productlist?cat=all', linkActionType: 'INTERNAL_LINK' },
    ] },
  ],
};
