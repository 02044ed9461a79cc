/** The store area's brand list, list heading and product detail texts, loaded with the store pages only. */
import { registerMessages } from '.'
import lists from './messages/lists'

registerMessages(lists)
