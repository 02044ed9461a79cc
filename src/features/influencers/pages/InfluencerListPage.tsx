import { View } from '@tarojs/components'
import { Shell } from '@/components/shell/Shell'
import { InfluencerList } from '@/features/influencers/components/InfluencerList'
import { useT } from '@/hooks/useT'
import '@/features/influencers/i18n'
import '@/packages/store/pages/store.scss'

/** /store/influencers: approved influencers, newest or most liked. */
export default function Page() {
  const t = useT()
  return (
    <Shell title={t('influencer.list.title')}>
      <View className="store-page influencers-page">
        <InfluencerList />
      </View>
    </Shell>
  )
}
