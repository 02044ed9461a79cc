/** The e-mail confirmation and reset-unlink texts, loaded with the account screens that show them (not the main package). */
import { registerMessages } from '.'
import security from './messages/security'

registerMessages(security)
