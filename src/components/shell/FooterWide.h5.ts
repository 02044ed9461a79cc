/** H5: the footer's layout for wide screens (columns, every group open). */
import './FooterWide.scss'
