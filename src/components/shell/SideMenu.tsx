import { Text, View } from '@tarojs/components'
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
            <View className="side-menu__account" role="link" tabIndex={0} onClick={() => m.openAccount(account.url)}>
              <Text>{account.kind === 'signIn' ? t('header.signIn') : t('header.myAccount')}</Text>
            </View>
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
            // A group label opens its group; a label with neither link nor group is information, not a link.
            const role = isGroup ? 'button' : entry.target.kind === 'none' ? undefined : 'link'
            return (
              <View key={entry.key} className={`side-menu__item${open ? ' side-menu__item--open' : ''}`}>
                <View className="side-menu__row">
                  <View
                    className={`side-menu__link${role ? '' : ' side-menu__link--info'}`}
                    role={role}
                    tabIndex={role ? 0 : undefined}
                    aria-expanded={isGroup ? String(open) : undefined}
                    onClick={() => (isGroup && entry.target.kind === 'none' ? m.toggleSubMenu(index) : m.follow(entry))}
                  >
                    <Text>{entry.label}</Text>
                  </View>
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
                      <View key={child.key} className="side-menu__link side-menu__link--sub" role="link" tabIndex={0} onClick={() => m.follow(child)}>
                        <Text>{child.label}</Text>
                      </View>
                    ))}
                  </View>
                )}
              </View>
            )
          })}
        </View>
        {m.social.length > 0 && (
          <View className="side-menu__social">
            <SocialIcons links={m.social} onOpen={m.openSocial} />
          </View>
        )}
        <PoweredBy />
      </View>
    </View>
  )
}
