import { defineMessages } from '@shared/i18n/define'

/** Texts of the shopper-walkthrough fixes (issue 18): sold-out chips, search help, cart undo, address checks. */
export default defineMessages({
  en: {
    'walk.valueSoldOut': '{value}, sold out',
    'walk.lineRemoved': 'Removed {name} from your cart',
    'walk.undo': 'Undo',
    'walk.addressRemoved': 'Address removed',
    'walk.earliestTime': 'Earliest · {time}',
    'walk.moreTimes': 'More times ({count})',
    'walk.addOnAdded': 'Added ✓',
    'walk.didYouMean': 'Did you mean:',
    'walk.recentSearches': 'Recent searches',
    'walk.clearRecent': 'Clear',
    'walk.popularSearches': 'Popular searches',
    'account.error.postCodeFormat': 'Enter a postal code like A1A 1A1.',
    'account.error.postCodeProvince': 'This postal code is in another province: check the province or the code.',
    'checkout.error.postCodeFormat': 'Enter a postal code like A1A 1A1.',
    'checkout.error.postCodeProvince': 'This postal code is in another province: check the province or the code.'
  },
  zh: {
    'walk.valueSoldOut': '{value}，已售罄',
    'walk.lineRemoved': '已从购物车移除{name}',
    'walk.undo': '撤销',
    'walk.addressRemoved': '地址已删除',
    'walk.earliestTime': '最早 · {time}',
    'walk.moreTimes': '更多时间（{count}）',
    'walk.addOnAdded': '已加入 ✓',
    'walk.didYouMean': '您是不是要找：',
    'walk.recentSearches': '最近搜索',
    'walk.clearRecent': '清除',
    'walk.popularSearches': '热门搜索',
    'account.error.postCodeFormat': '请按 A1A 1A1 的格式填写邮政编码。',
    'account.error.postCodeProvince': '该邮政编码属于其他省份，请检查省份或邮编。',
    'checkout.error.postCodeFormat': '请按 A1A 1A1 的格式填写邮政编码。',
    'checkout.error.postCodeProvince': '该邮政编码属于其他省份，请检查省份或邮编。'
  }
})
