/** The walkthrough fixes' texts (product chips, search help, cart undo, address checks), loaded with the pages using them. */
import { registerMessages } from '.'
import walkthrough from './messages/walkthrough'

registerMessages(walkthrough)
