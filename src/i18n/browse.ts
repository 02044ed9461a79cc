/**
 * The store's browsing and cart texts (lists, search, product detail, share, cart): imported by the pages that show
 * them, so the home page's first load and the mini-programs' main package do not carry them
 * (tests/unit/i18nAreas.test.ts checks every page that uses them imports this).
 */
import { registerMessages } from '.'
import browse from './messages/browse'

registerMessages(browse)
