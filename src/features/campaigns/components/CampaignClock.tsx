import { Text } from '@tarojs/components'
import { clockText } from '@/features/campaigns/campaigns'
import { useCountdown } from '@/features/campaigns/hooks/useCountdown'
import { useT } from '@/hooks/useT'
import './Campaigns.scss'

/** "Ends in 1d 02:03:04" on the server's clock (offset = server time - device time of the answer). */
export function CampaignClock({ endsAt, offset, className }: { endsAt: string; offset: number; className?: string }) {
  const t = useT()
  const left = useCountdown(endsAt, offset)
  if (!left || left.remaining <= 0) return null
  return (
    <Text className={`campaign-clock ${className ?? ''}`} data-remaining={Math.ceil(left.remaining / 1000)}>
      {t('campaign.endsIn', { time: clockText(left, t('campaign.dayUnit')) })}
    </Text>
  )
}
