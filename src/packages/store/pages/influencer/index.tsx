import { View } from '@tarojs/components'
import { Shell } from '@/components/shell/Shell'
import { EmptyState } from '@/components/common/EmptyState'
import { Spinner } from '@/components/common/Spinner'
import { InfluencerProfile } from '@/components/influencers/InfluencerProfile'
import { INFLUENCERS_URL } from '@/components/influencers/urls'
import { useInfluencer } from '@/hooks/useInfluencer'
import { useRoute } from '@/hooks/useRoute'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import '@/i18n/more'
import '@/i18n/influencers'
import '../store.scss'

/** /store/influencer/:id: one approved profile (a suspended or unknown one is "not available"). */
export default function Page() {
  const t = useT()
  const route = useRoute()
  const detail = useInfluencer(route.params.id ?? '')
  const profile = detail.data
  return (
    <Shell title={profile?.displayName ?? t('influencer.list.title')}>
      <View className="store-page influencer-page">
        {detail.loading ? <Spinner label={t('common.loading')} /> : null}
        {!detail.loading && !profile ? (
          detail.error ? (
            <EmptyState tone="error" message={t('store.loadFailed', { message: detail.error })} action={{ label: t('store.retry'), onClick: detail.reload }} />
          ) : (
            <EmptyState message={t('influencer.notFound')} action={{ label: t('influencer.backToList'), onClick: () => platform.navigate(INFLUENCERS_URL) }} />
          )
        ) : null}
        {profile ? <InfluencerProfile profile={profile} liking={detail.liking} likeError={detail.likeError} onLike={detail.like} /> : null}
      </View>
    </Shell>
  )
}
