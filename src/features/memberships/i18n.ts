/** The membership texts, loaded with the membership page and my account only. */
import { registerMessages } from '@/i18n'
import memberships from './messages'

registerMessages(memberships)
