import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { ConfiguredLink } from '@/components/common/ConfiguredLink'
import type { MarkName } from '@/assets/brandMarks'
import { BrandMark } from '@/components/common/BrandMark'
import { Img } from '@/components/taro/Img'
import type { PaymentIcon } from '@/domain/footer'
import { useFooter } from '@/hooks/useFooter'
import type { MenuEntry } from '@/hooks/useMenuEntries'
import { useT } from '@/hooks/useT'
import { PoweredBy } from './PoweredBy'
import { SocialIcons } from './SocialIcons'
import './Footer.scss'
import './FooterWide'

function FooterEntry({ entry, sub }: { entry: MenuEntry; sub?: boolean }) {
  const className = `footer__entry footer__entry--${sub ? 'sub' : 'top'}`
  // An entry without a link is plain text in the store's footer colour (css varFooter).
  if (entry.target.kind === 'none') return <Text className={`${className} footer__entry--text`}>{entry.label}</Text>
  return (
    <ConfiguredLink className={`${className} footer__entry--link`} target={entry.target}>
      <Text>{entry.label}</Text>
    </ConfiguredLink>
  )
}

/**
 * A column of the footer menu: its heading, then its links. On phones (the mini-programs, H5 < 600 px) a group's
 * heading is a button that opens its links (an accordion, one group open at a time), so the footer stays about one
 * screen tall; a heading that is itself a link then leads the open group. From 600 px (H5) every group is open under
 * its heading as before (FooterWide.scss).
 */
function FooterColumn({ entry, open, onToggle }: { entry: MenuEntry; open: boolean; onToggle(): void }) {
  const group = entry.children.length > 0
  return (
    <View className={`footer__column${group ? ' footer__column--group' : ''}${open ? ' footer__column--open' : ''}`}>
      {group ? (
        <View className="footer__entry footer__toggle" role="button" tabIndex={0} aria-expanded={String(open)} onClick={onToggle}>
          <Text>{entry.label}</Text>
        </View>
      ) : null}
      <View className="footer__links">
        <FooterEntry entry={entry} />
        {entry.children.map((child) => (
          <FooterEntry key={child.key} entry={child} sub />
        ))}
      </View>
    </View>
  )
}

const PAYMENT_MARK: Record<PaymentIcon, MarkName> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'amex',
  paypal: 'paypal',
  wechat: 'wechat',
  alipay: 'alipay',
  unionpay: 'unionpay'
}

/** Spec §2 Footer. */
export function Footer() {
  const t = useT()
  const f = useFooter()
  const [open, setOpen] = useState<string | null>(null)
  // The guest order lookup (issue 18 item 4.11) closes the menu, like one of the store's own entries.
  const track: MenuEntry = { key: 'track', label: t('footer.trackOrder'), target: { kind: 'internal', url: '/orderlookup' }, children: [] }
  return (
    <View className="footer" role="contentinfo">
      <View className="footer__wrapper">
        <View className="footer__menus">
          {[...f.menu, track].map((entry) => (
            <FooterColumn key={entry.key} entry={entry} open={open === entry.key} onToggle={() => setOpen(open === entry.key ? null : entry.key)} />
          ))}
        </View>
        <View className="footer__sections">
          {f.social.length > 0 && (
            <View className="footer__section footer__section--social">
              <Text className="footer__heading">{t('footer.followUs')}</Text>
              <SocialIcons links={f.social} />
            </View>
          )}
          {f.payments.length > 0 && (
            <View className="footer__section footer__section--payment">
              <Text className="footer__heading">{t('footer.payment')}</Text>
              <View className="footer__payments">
                {f.payments.map((icon) => (
                  <View key={icon} className={`footer__payment footer__payment--${icon}`}>
                    <BrandMark name={PAYMENT_MARK[icon]} />
                    <Text>{t(`payment.${icon}`)}</Text>
                  </View>
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
