import type { PropsWithChildren } from 'react'
import { View, Text } from '@tarojs/components'
import { Link } from '@/components/common/Link'
import { Button } from '@/components/taro/Button'
import type { InfluencerDetail, InfluencerPick, PublicInfluencerSection } from '@/features/influencers/api'
import { LazyImage } from '@/components/common/LazyImage'
import { Price } from '@/components/common/Price'
import { productUrl } from '@shared/routes'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { Initials } from './Initials'
import { useBilingual } from '../hooks/useBilingual'
import './Influencers.scss'
import '@/components/account/AccountForm.scss'

function Pick({ pick }: { pick: InfluencerPick }) {
  const localized = useLocalized()
  const image = useImageUrl()
  const name = localized(pick.name, pick.name.en)
  return (
    <Link className="influencer-pick" to={productUrl(pick.id)} label={name} data-product-id={pick.id}>
      <LazyImage className="influencer-pick__image" src={image(pick.image)} alt={name} />
      <Text className="influencer-pick__name">{name}</Text>
      <Price className="influencer-pick__price" amount={pick.price} currency={pick.currency} />
    </Link>
  )
}

function Section({ section }: { section: PublicInfluencerSection }) {
  const image = useImageUrl()
  const title = useBilingual()(section.titleContent, section.title)
  return (
    <View className={`influencer-section influencer-section--${section.kind}`}>
      {title ? <Text className="influencer-section__title">{title}</Text> : null}
      {/* The influencer's words: plain text, never markup. */}
      {section.kind === 'text' ? <Text className="influencer-section__text">{section.text}</Text> : null}
      {section.kind === 'image' && section.image ? <LazyImage className="influencer-section__image" src={image(section.image)} alt={title} ratio={0.75} /> : null}
      {section.kind === 'picks' ? (
        <View className="influencer-section__picks">
          {(section.picks ?? []).map((pick) => (
            <Pick key={pick.id} pick={pick} />
          ))}
        </View>
      ) : null}
    </View>
  )
}

/** A public influencer profile: pictures, bio, links, sections with picks linking to their product pages, the like. */
export function InfluencerProfile({ profile, liking, likeError, onLike, children }: PropsWithChildren<{ profile: InfluencerDetail; liking: boolean; likeError: string | null; onLike(): void }>) {
  const t = useT()
  const localized = useLocalized()
  const image = useImageUrl()
  const name = useBilingual()(profile.displayNameContent, profile.displayName)
  return (
    <View className="influencer-profile" data-influencer-id={profile.id}>
      {profile.cover ? <LazyImage className="influencer-profile__cover" src={image(profile.cover)} alt={name} ratio={0.4} eager /> : null}
      <View className="influencer-profile__head">
        {profile.avatar ? <LazyImage className="influencer-profile__avatar" src={image(profile.avatar)} alt={name} eager /> : <Initials name={name} />}
        <Text className="influencer-profile__name">{name}</Text>
      </View>
      <Text className="influencer-profile__bio">{localized(profile.bio, profile.bio.en || profile.bio.zh)}</Text>
      <View className="influencer-profile__like">
        <Text className="influencer-profile__likes" role="status">
          {t('influencer.likes', { n: profile.likes })}
        </Text>
        <Button size="mini" className="influencer-profile__like-button" loading={liking || undefined} onClick={onLike}>
          {profile.liked ? t('influencer.liked') : t('influencer.like')}
        </Button>
      </View>
      {/* The page's share actions. */}
      {children}
      {likeError ? (
        <View className="account-field__error" role="alert">
          {likeError}
        </View>
      ) : null}
      {profile.socialLinks.length ? (
        <View className="influencer-profile__links">
          {profile.socialLinks.map((link) => (
            <Link key={link.url} className="influencer-link" to={link.url} external>
              {link.label}
            </Link>
          ))}
        </View>
      ) : null}
      {profile.gallery.length ? (
        <View className="influencer-profile__gallery">
          {profile.gallery.map((g, i) => (
            <LazyImage key={g} className="influencer-profile__photo" src={image(g)} alt={t('influencer.image', { n: i + 1 })} />
          ))}
        </View>
      ) : null}
      {profile.sections.map((section, i) => (
        <Section key={i} section={section} />
      ))}
    </View>
  )
}
