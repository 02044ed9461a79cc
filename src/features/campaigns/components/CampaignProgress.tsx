import { View, Text } from '@tarojs/components'
import { progressPercent } from '@/features/campaigns/campaigns'
import { useT } from '@/hooks/useT'
import './Campaigns.scss'

/** Participants of target: a bar and its words (the bar is a progressbar for screen readers). */
export function CampaignProgress({ participants, target }: { participants: number; target: number }) {
  const t = useT()
  const text = t('campaign.joined', { participants, target })
  return (
    <View className="campaign-progress">
      <View className="campaign-progress__bar" role="progressbar" aria-valuemin={0} aria-valuemax={target} aria-valuenow={participants} aria-label={text}>
        <View className="campaign-progress__fill" style={{ width: `${progressPercent(participants, target)}%` }} />
      </View>
      <Text className="campaign-progress__text">{text}</Text>
    </View>
  )
}
