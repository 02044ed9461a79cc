/** The referral texts, loaded with the referrer page and my account only. */
import { registerMessages } from '@/i18n'
import referral from './messages'

registerMessages(referral)
