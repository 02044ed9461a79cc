import { Text, View } from '@tarojs/components'
import type { BrandMarkName } from '@/assets/brandMarks'
import { BrandMark } from '@/components/common/BrandMark'
import { Link } from '@/components/common/Link'
import type { SocialNetwork } from '@/domain/footer'
import { useT } from '@/hooks/useT'
import './SocialIcons.scss'

/** simple-icons has no LinkedIn mark (its owner had it removed), so that link shows its name alone. */
const MARK: Record<SocialNetwork, BrandMarkName | null> = {
  instagram: 'instagram',
  facebook: 'facebook',
  twitter: 'twitter',
  youTube: 'youTube',
  linkedin: null,
  pinterest: 'pinterest'
}

/** Each network as its own mark and name (drawn inline on H5, loaded by URL on the mini-programs: BrandMark). */
export function SocialIcons({ links }: { links: { network: SocialNetwork; url: string }[] }) {
  const t = useT()
  return (
    <View className="social-icons">
      {links.map((link) => {
        const mark = MARK[link.network]
        return (
          <Link key={link.network} className={`social-icons__icon social-icons__icon--${link.network}`} to={link.url} external>
            {mark ? <BrandMark name={mark} /> : null}
            <Text className="social-icons__name">{t(`social.${link.network}`)}</Text>
          </Link>
        )
      })}
    </View>
  )
}
