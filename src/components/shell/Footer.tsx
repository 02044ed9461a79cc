import { Text, View } from '@tarojs/components'
import { Img } from '@/components/taro/Img'
import { useFooter } from '@/hooks/useFooter'
import type { MenuEntry } from '@/hooks/useMenuEntries'
import { useT } from '@/hooks/useT'
import { PoweredBy } from './PoweredBy'
import { SocialIcons } from './SocialIcons'
import './Footer.scss'

function FooterEntry({ entry, onFollow, sub }: { entry: MenuEntry; onFollow(entry: MenuEntry): void; sub?: boolean }) {
  const className = `footer__entry${sub ? ' footer__entry--sub' : ''}`
  // An entry without a link is plain text in the store's footer colour (css varFooter).
  if (entry.target.kind === 'none') return <Text className={`${className} footer__entry--text`}>{entry.label}</Text>
  return (
    <View className={`${className} footer__entry--link`} role="link" tabIndex={0} onClick={() => onFollow(entry)}>
      <Text>{entry.label}</Text>
    </View>
  )
}

/** Spec §2 Footer. */
export function Footer() {
  const t = useT()
  const f = useFooter()
  return (
    <View className="footer" role="contentinfo">
      <View className="footer__wrapper">
        {f.menu.length > 0 && (
          <View className="footer__menus">
            {f.menu.map((entry) => (
              <View key={entry.key} className="footer__column">
                <FooterEntry entry={entry} onFollow={(e) => f.follow(e.target)} />
                {entry.children.map((child) => (
                  <FooterEntry key={child.key} entry={child} onFollow={(e) => f.follow(e.target)} sub />
                ))}
              </View>
            ))}
          </View>
        )}
        <View className="footer__sections">
          {f.social.length > 0 && (
            <View className="footer__section footer__section--social">
              <Text className="footer__heading">{t('footer.followUs')}</Text>
              <SocialIcons links={f.social} onOpen={f.openExternal} />
            </View>
          )}
          {f.payments.length > 0 && (
            <View className="footer__section footer__section--payment">
              <Text className="footer__heading">{t('footer.payment')}</Text>
              <View className="footer__payments">
                {f.payments.map((icon) => (
                  <Text key={icon} className={`footer__payment footer__payment--${icon}`}>
                    {t(`payment.${icon}`)}
                  </Text>
                ))}
              </View>
            </View>
          )}
        </View>
        {f.logoUrl && (
          <Img className="footer__logo" src={f.logoUrl} mode="aspectFit" alt={t('footer.logo', { name: f.storeName })} />
        )}
        <Text className="footer__copyright">{f.copyright}</Text>
      </View>
      <PoweredBy />
    </View>
  )
}
