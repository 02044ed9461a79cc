import { defineMessages } from '../define'

export default defineMessages({
  en: {
    'account.title': 'account'
  },
  zh: {
    'account.title': 'account'
  }
})
