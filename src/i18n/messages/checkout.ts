import { defineMessages } from '../define'

export default defineMessages({
  en: {
    'checkout.title': 'checkout'
  },
  zh: {
    'checkout.title': 'checkout'
  }
})
