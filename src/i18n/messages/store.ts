import { defineMessages } from '../define'

export default defineMessages({
  en: {
    'store.title': 'store'
  },
  zh: {
    'store.title': 'store'
  }
})
