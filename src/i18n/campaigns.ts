/** The group-buy page texts: imported by the campaign pages (sub-packages), not by the home page. */
import { registerMessages } from '.'
import campaigns from './messages/campaigns'

registerMessages(campaigns)
