import { Text, View } from '@tarojs/components'
import { Link } from '@/components/common/Link'
import { Img } from '@/components/taro/Img'
import { useTabBar } from '@/hooks/useTabBar'
import { useT } from '@/hooks/useT'
import { ConversationButton } from './ConversationButton'
import { Icon } from './Icons'
import './TabBar.scss'

/** Spec §2 Mobile footer tab bar (CSS shows it on small screens; mini-programs always). */
export function TabBar() {
  const t = useT()
  const { tabs, open } = useTabBar()
  return (
    <View className="tab-bar" role="navigation" aria-label={t('tab.label')}>
      {tabs.map((tab) => {
        const className = `tab-bar__tab${tab.active ? ' tab-bar__tab--active' : ''}${tab.tappable ? '' : ' tab-bar__tab--static'}`
        const label = tab.badge ? t('tab.cartCount', { count: tab.badge }) : tab.label
        const content = (
          <>
            {tab.icon.kind === 'image' && <Img className="tab-bar__icon" src={tab.icon.url} mode="aspectFit" alt="" />}
            {tab.icon.kind === 'icon' && <Icon name={tab.icon.name} className="tab-bar__icon" />}
            <Text className="tab-bar__label">{tab.label}</Text>
            {tab.badge && <Text className="tab-bar__badge">{tab.badge}</Text>}
          </>
        )
        if (tab.conversation) {
          return (
            <ConversationButton key={tab.key} className={`${className} tab-bar__tab--button`} label={label}>
              {content}
            </ConversationButton>
          )
        }
        if (tab.href) {
          return (
            <Link key={tab.key} className={className} to={tab.href} label={label} current={tab.active}>
              {content}
            </Link>
          )
        }
        return (
          <View
            key={tab.key}
            className={className}
            role={tab.tappable ? 'button' : undefined}
            tabIndex={tab.tappable ? 0 : undefined}
            aria-label={label}
            onClick={tab.tappable ? () => open(tab.target) : undefined}
          >
            {content}
          </View>
        )
      })}
    </View>
  )
}
