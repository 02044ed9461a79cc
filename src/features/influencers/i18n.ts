/** The influencer profile texts, loaded with those pages only. */
import { registerMessages } from '@/i18n'
import influencers from './messages'

registerMessages(influencers)
