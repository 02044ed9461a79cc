/**
 * The back-in-stock alert's texts (walkthrough 2.3), imported by the product page only: the browse area is shared with
 * cart, checkout, blog and account pages, which have no sold-out product to wait for (tests/unit/i18nAreas.test.ts).
 */
import { registerMessages } from '.'
import restock from './messages/restock'

registerMessages(restock)
