/** The promo pop-up's texts, imported by PromoPopup.tsx, which Alipay's build replaces (tests/unit/i18nAreas.test.ts). */
import { registerMessages } from '.'
import promo from './messages/promo'

registerMessages(promo)
