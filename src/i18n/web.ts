/**
 * The web-only texts (skip link, carousel buttons, support sheet, install prompt): imported by each module that shows
 * them, all of them H5 variants or H5-only components, so no mini-program bundles them (tests/unit/i18nAreas.test.ts).
 */
import { registerMessages } from '.'
import web from './messages/web'

registerMessages(web)
