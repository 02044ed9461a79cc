/** The group-buy page texts: imported by the campaign pages (sub-packages), not by the home page. */
import { registerMessages } from '@/i18n'
import campaigns from './messages'

registerMessages(campaigns)
