import { View } from '@tarojs/components'
import { Shell } from '@/components/shell/Shell'
import { EmptyState } from '@/components/common/EmptyState'
import { Spinner } from '@/components/common/Spinner'
import { InfluencerProfile } from '@/features/influencers/components/InfluencerProfile'
import { ShareActions } from '@/components/common/ShareActions'
import { INFLUENCERS_URL, influencerShareUrl, influencerUrl } from '@/features/influencers/urls'
import { usePageShare } from '@/hooks/usePageShare'
import { useInfluencer } from '@/features/influencers/hooks/useInfluencer'
import { useBilingual } from '@/features/influencers/hooks/useBilingual'
import { useRoute } from '@/hooks/useRoute'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import '@/i18n/more'
import '@/i18n/browse'
import '@/features/influencers/i18n'
import '@/packages/store/pages/store.scss'

/** /store/influencer/:id: one approved profile (a suspended or unknown one is "not available"). */
export default function Page() {
  const t = useT()
  const route = useRoute()
  const id = route.params.id ?? ''
  const detail = useInfluencer(id)
  const profile = detail.data
  const bilingual = useBilingual()
  const title = profile ? bilingual(profile.displayNameContent, profile.displayName) : t('influencer.list.title')
  // Shared links carry the influencer's referral id.
  const sharePath = profile ? influencerShareUrl(profile.id, profile.referralId) : influencerUrl(id)
  usePageShare({ title, path: sharePath })
  return (
    <Shell title={title}>
      <View className="store-page influencer-page">
        {detail.loading ? <Spinner label={t('common.loading')} /> : null}
        {!detail.loading && !profile ? (
          detail.error && !detail.missing ? (
            <EmptyState tone="error" message={t('store.loadFailed', { message: detail.error })} action={{ label: t('store.retry'), onClick: detail.reload }} />
          ) : (
            <EmptyState message={t('influencer.notFound')} action={{ label: t('influencer.backToList'), onClick: () => platform.navigate(INFLUENCERS_URL) }} />
          )
        ) : null}
        {profile ? (
          <InfluencerProfile profile={profile} liking={detail.liking} likeError={detail.likeError} onLike={detail.like}>
            <ShareActions title={title} path={sharePath} />
          </InfluencerProfile>
        ) : null}
      </View>
    </Shell>
  )
}
