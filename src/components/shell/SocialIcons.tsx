import { Text, View } from '@tarojs/components'
import type { SocialNetwork } from '@/domain/footer'
import { useT } from '@/hooks/useT'
import './SocialIcons.scss'

/** Text marks instead of an icon font: the WeChat main package has a 600 KB budget. */
const MARKS: Record<SocialNetwork, string> = {
  instagram: 'IG',
  facebook: 'f',
  twitter: 'X',
  youTube: 'YT',
  linkedin: 'in',
  pinterest: 'P'
}

export function SocialIcons({ links, onOpen }: { links: { network: SocialNetwork; url: string }[]; onOpen(url: string): void }) {
  const t = useT()
  return (
    <View className="social-icons">
      {links.map((link) => (
        <View
          key={link.network}
          className={`social-icons__icon social-icons__icon--${link.network}`}
          aria-label={t(`social.${link.network}`)}
          onClick={() => onOpen(link.url)}
        >
          <Text>{MARKS[link.network]}</Text>
        </View>
      ))}
    </View>
  )
}
