import { Text, View } from '@tarojs/components'
import { ConfiguredLink } from '@/components/common/ConfiguredLink'
import { Link } from '@/components/common/Link'
import { useSideMenu } from '@/hooks/useSideMenu'
import { useT } from '@/hooks/useT'
import { Icon } from './Icons'
import { PoweredBy } from './PoweredBy'
import { SocialIcons } from './SocialIcons'
import './SideMenu.scss'

/** Spec §2 Side menu. */
export function SideMenu() {
  const t = useT()
  const m = useSideMenu()
  if (!m.isOpen) return null
  const account = m.account
  return (
    <View className="side-menu">
      <View className="side-menu__backdrop" onClick={m.close} />
      <View className="side-menu__panel">
        <View className="side-menu__top">
          {account ? (
            <Link className="side-menu__account" to={account.url} onFollow={m.close}>
              <Text>{account.kind === 'signIn' ? t('header.signIn') : t('header.myAccount')}</Text>
            </Link>
          ) : (
            <View className="side-menu__account" />
          )}
          <View className="side-menu__close" role="button" tabIndex={0} aria-label={t('menu.close')} onClick={m.close}>
            <Icon name="close" />
          </View>
        </View>
        {m.chooser.visible && (
          <View className="side-menu__chooser" role="button" tabIndex={0} aria-label={t('header.languageCurrency', { current: m.chooser.label })} onClick={m.chooser.open}>
            <Icon name="globe" />
            <Text className="side-menu__chooser-label">{m.chooser.label}</Text>
          </View>
        )}
        <View className="side-menu__list">
          {m.menu.map((entry, index) => {
            const open = m.openSubMenu === index
            const isGroup = entry.children.length > 0
            return (
              <View key={entry.key} className={`side-menu__item${open ? ' side-menu__item--open' : ''}`}>
                <View className="side-menu__row">
                  {/* A group label without a link opens its group; a label with neither link nor group is information. */}
                  {entry.target.kind !== 'none' ? (
                    <ConfiguredLink className="side-menu__link" target={entry.target} onFollow={m.close}>
                      <Text>{entry.label}</Text>
                    </ConfiguredLink>
                  ) : isGroup ? (
                    <View className="side-menu__link" role="button" tabIndex={0} aria-expanded={String(open)} onClick={() => m.toggleSubMenu(index)}>
                      <Text>{entry.label}</Text>
                    </View>
                  ) : (
                    <View className="side-menu__link side-menu__link--info" onClick={m.close}>
                      <Text>{entry.label}</Text>
                    </View>
                  )}
                  {isGroup && (
                    <View
                      className="side-menu__toggle"
                      role="button"
                      tabIndex={0}
                      aria-label={`${open ? t('menu.collapse') : t('menu.expand')} ${entry.label}`}
                      aria-expanded={String(open)}
                      onClick={() => m.toggleSubMenu(index)}
                    >
                      <Icon name={open ? 'minus' : 'plus'} />
                    </View>
                  )}
                </View>
                {open && (
                  <View className="side-menu__sub">
                    {entry.children.map((child) => (
                      <ConfiguredLink key={child.key} className="side-menu__link side-menu__link--sub" target={child.target} onFollow={m.close}>
                        <Text>{child.label}</Text>
                      </ConfiguredLink>
                    ))}
                  </View>
                )}
              </View>
            )
          })}
        </View>
        {m.social.length > 0 && (
          <View className="side-menu__social">
            <SocialIcons links={m.social} />
          </View>
        )}
        <PoweredBy />
      </View>
    </View>
  )
}
