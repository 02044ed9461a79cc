/** The live-stream rooms page's texts, imported by that page only (tests/unit/i18nAreas.test.ts checks it). */
import { registerMessages } from '.'
import live from './messages/live'

registerMessages(live)
