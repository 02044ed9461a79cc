/** The influencer profile texts, loaded with those pages only. */
import { registerMessages } from '.'
import influencers from './messages/influencers'

registerMessages(influencers)
