import { defineMessages } from '@shared/i18n/define'

export default defineMessages({
  en: {
    'lists.brands': 'Brands',
    'lists.brandCount': '{count} products',
    'lists.detail': 'Details'
  },
  zh: {
    'lists.brands': '品牌',
    'lists.brandCount': '{count} 件商品',
    'lists.detail': '商品详情'
  }
})
