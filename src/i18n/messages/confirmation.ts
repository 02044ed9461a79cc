import { defineMessages } from '../define'

export default defineMessages({
  en: {
    'confirmation.title': 'confirmation'
  },
  zh: {
    'confirmation.title': 'confirmation'
  }
})
