/** H5: the home page's layout for wide screens (HomeWide.scss). */
import './HomeWide.scss'
