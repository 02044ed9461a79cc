/** The contact page's texts, loaded with that page only. */
import { registerMessages } from '.'
import contact from './messages/contact'

registerMessages(contact)
