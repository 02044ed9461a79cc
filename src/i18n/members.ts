/** The membership page's and the referrer area's texts, loaded with those pages only. */
import { registerMessages } from '.'
import members from './messages/members'

registerMessages(members)
