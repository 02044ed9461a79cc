import { Text, View } from '@tarojs/components'
import { ConfiguredLink } from '@/components/common/ConfiguredLink'
import { Link } from '@/components/common/Link'
import { Img } from '@/components/taro/Img'
import { useHeader } from '@/hooks/useHeader'
import { useT } from '@/hooks/useT'
import { Icon } from './Icons'
import './Header.scss'

/** Spec §2 Header, full or floating (displayHeader). */
export function Header() {
  const t = useT()
  const h = useHeader()
  const account = h.account
  return (
    <View className={`header header--${h.layout}`} role="banner">
      <View className="header__bar">
        <View
          className="header__toggle header__button"
          role="button"
          tabIndex={0}
          aria-label={t('header.openMenu')}
          aria-expanded={String(h.sideMenuOpen)}
          onClick={h.toggleSideMenu}
        >
          <Icon name="menu" />
        </View>
        <Link className="header__brand" to={h.homeUrl} label={t('header.home')}>
          {h.logoUrl ? (
            <Img className={`header__logo header__logo--style${h.logoStyle}`} src={h.logoUrl} mode="aspectFit" alt={h.storeName} />
          ) : (
            <Text className="header__store-name">{h.storeName}</Text>
          )}
        </Link>
        <View className="header__actions">
          {h.store.enabled && (
            <View className="header__location header__button" role="button" tabIndex={0} aria-label={t('header.currentStore', { name: h.store.name })} onClick={h.store.open}>
              <Icon name="pin" />
              <Text className="header__location-name">{h.store.shortName}</Text>
            </View>
          )}
          {h.chooser.visible && (
            <View className="header__chooser header__button" role="button" tabIndex={0} aria-label={t('header.languageCurrency', { current: h.chooser.label })} onClick={h.chooser.open}>
              <Icon name="globe" />
              <Text className="header__chooser-label">{h.chooser.label}</Text>
              <Icon name="chevron-down" className="header__caret" />
            </View>
          )}
          <View className="header__search header__button" role="button" tabIndex={0} aria-label={t('header.search')} onClick={h.openSearch}>
            <Icon name="search" />
          </View>
          {account && (
            <Link className="header__account header__button" to={account.url} label={account.kind === 'signIn' ? t('header.signIn') : t('header.myAccount')}>
              <Icon name="user" />
              {/* Phones show the icon alone, so the cart keeps its place (see Header.scss). */}
              <Text className="header__account-label">{account.kind === 'signIn' ? t('header.signIn') : t('header.myAccount')}</Text>
            </Link>
          )}
          {h.showCart && (
            <Link className="header__cart header__button" to={h.cartUrl} label={h.cartBadge ? t('header.cartCount', { count: h.cartBadge }) : t('header.cart')}>
              <Icon name="cart" />
              {h.cartBadge && <Text className="header__badge">{h.cartBadge}</Text>}
            </Link>
          )}
        </View>
      </View>
      {h.layout === 'full' && h.menu.length > 0 && (
        <View className="header__menu">
          {h.menu.map((entry, index) => {
            const open = h.openSubMenu === index
            const hasSubMenu = entry.children.length > 0
            return (
              <View key={entry.key} className={`header__menu-item${open ? ' header__menu-item--open' : ''}`}>
                {entry.target.kind === 'none' && hasSubMenu ? (
                  <View className="header__menu-link" role="button" tabIndex={0} aria-expanded={String(open)} onClick={() => h.toggleSubMenu(index)}>
                    <Text>{entry.label}</Text>
                  </View>
                ) : (
                  <ConfiguredLink className="header__menu-link" target={entry.target} onFollow={h.closeSubMenu}>
                    <Text>{entry.label}</Text>
                  </ConfiguredLink>
                )}
                {hasSubMenu && (
                  <View
                    className="header__submenu-toggle"
                    role="button"
                    tabIndex={0}
                    aria-label={t('header.subMenu', { name: entry.label })}
                    aria-expanded={String(open)}
                    onClick={() => h.toggleSubMenu(index)}
                  >
                    <Icon name="chevron-down" className="header__caret" />
                  </View>
                )}
                {hasSubMenu && (
                  <View className="header__submenu">
                    {entry.children.map((child) => (
                      <ConfiguredLink key={child.key} className="header__submenu-link" target={child.target} onFollow={h.closeSubMenu}>
                        <Text>{child.label}</Text>
                      </ConfiguredLink>
                    ))}
                  </View>
                )}
              </View>
            )
          })}
        </View>
      )}
    </View>
  )
}
