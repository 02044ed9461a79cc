/** The referrer area's texts, loaded with its pages and my account only (membership: features/memberships/i18n.ts). */
import { registerMessages } from '.'
import members from './messages/members'

registerMessages(members)
