import { Text, View } from '@tarojs/components'
import { Img } from '@/components/taro/Img'
import { useTabBar } from '@/hooks/useTabBar'
import { useT } from '@/hooks/useT'
import { Icon } from './Icons'
import './TabBar.scss'

/** Spec §2 Mobile footer tab bar (CSS shows it on small screens; mini-programs always). */
export function TabBar() {
  const t = useT()
  const { tabs, open } = useTabBar()
  return (
    <View className="tab-bar" role="navigation" aria-label={t('tab.label')}>
      {tabs.map((tab) => (
        <View
          key={tab.key}
          className={`tab-bar__tab${tab.active ? ' tab-bar__tab--active' : ''}${tab.tappable ? '' : ' tab-bar__tab--static'}`}
          role={tab.tappable ? 'link' : undefined}
          tabIndex={tab.tappable ? 0 : undefined}
          aria-current={tab.active ? 'page' : undefined}
          aria-label={tab.badge ? t('tab.cartCount', { count: tab.badge }) : tab.label}
          onClick={tab.tappable ? () => open(tab.target) : undefined}
        >
          {tab.icon.kind === 'image' && <Img className="tab-bar__icon" src={tab.icon.url} mode="aspectFit" alt="" />}
          {tab.icon.kind === 'icon' && <Icon name={tab.icon.name} className="tab-bar__icon" />}
          <Text className="tab-bar__label">{tab.label}</Text>
          {tab.badge && <Text className="tab-bar__badge">{tab.badge}</Text>}
        </View>
      ))}
    </View>
  )
}
