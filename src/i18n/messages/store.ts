import { defineMessages } from '@shared/i18n/define'

/**
 * The texts the home page and the product cards every page shows use; always loaded. The rest of the store's browsing
 * and cart texts (lists, search, product detail, share, cart) are in ./browse.ts and load with the pages that show them
 * (src/i18n/browse.ts). The store's own messages (changeLocale) override keys of the same name, so placeholders follow
 * the server's names.
 */
export default defineMessages({
  en: {
    'store.loading': 'Loading…',
    'store.loadFailed': 'Could not load: {message}',
    'store.retry': 'Try again',
    'store.soldOut': 'Sold out',
    'store.sale': 'Sale',
    'store.memberPrice': 'Member price',
    'store.memberSaves': 'Members save {amount}',
    'home.newProducts': 'New arrivals',
    'home.clearance': 'Clearance',
    'home.featuredCategories': 'Shop by category',
    'home.seeAll': 'See all',
    'home.banners': 'Featured',
    'home.bannerCta': 'Shop now'
  },
  zh: {
    'store.loading': '加载中…',
    'store.loadFailed': '加载失败：{message}',
    'store.retry': '重试',
    'store.soldOut': '已售罄',
    'store.sale': '特价',
    'store.memberPrice': '会员价',
    'store.memberSaves': '会员省 {amount}',
    'home.newProducts': '新品上架',
    'home.clearance': '清仓特卖',
    'home.featuredCategories': '按分类选购',
    'home.seeAll': '查看全部',
    'home.banners': '精选推荐',
    'home.bannerCta': '立即选购'
  }
})
