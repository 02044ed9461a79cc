/** The blog's texts, loaded with the blog's pages only. */
import { registerMessages } from '.'
import blog from './messages/blog'

registerMessages(blog)
