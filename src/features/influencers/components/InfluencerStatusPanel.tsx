import { View, Text } from '@tarojs/components'
import { Link } from '@/components/common/Link'
import { Button } from '@/components/taro/Button'
import type { InfluencerStatus } from '@/features/influencers/api'
import { useT } from '@/hooks/useT'
import { influencerUrl } from '../urls'
import './Influencers.scss'

/**
 * Where the shopper's application stands: status, a change waiting for review or being checked, the reviewer's reason or
 * what the content check refused, likes.
 */
export function InfluencerStatusPanel({ status, editing, onEdit }: { status: InfluencerStatus; editing?: boolean; onEdit(): void }) {
  const t = useT()
  const applied = status.status !== 'NOT_APPLIED'
  return (
    <View className="influencer-status" data-status={status.status}>
      <View className="influencer-status__row">
        <Text className={`influencer-status__badge influencer-status__badge--${status.status.toLowerCase()}`}>{t(`influencer.status.${status.status}`)}</Text>
        {status.status === 'APPROVED' ? <Text className="influencer-status__likes">{t('influencer.likes', { n: status.likes })}</Text> : null}
      </View>
      {!applied ? <Text className="influencer-status__note">{t('influencer.intro')}</Text> : null}
      {status.status === 'APPROVED' && status.review !== 'NONE' ? (
        <Text className="influencer-status__note">{t(`influencer.review.${status.review}`)}</Text>
      ) : null}
      {status.status === 'PENDING' && status.review === 'CHECKING' ? <Text className="influencer-status__note">{t('influencer.checking')}</Text> : null}
      {/* The content check's refusal, in the shopper's language (the server says only what it refused). */}
      {status.review === 'REJECTED' && status.refusedBy ? (
        <Text className="influencer-status__reason" role="note">
          {t(`influencer.refused.${status.refusedBy}`)}
        </Text>
      ) : null}
      {status.status === 'SUSPENDED' ? <Text className="influencer-status__note">{t('influencer.suspendedNote')}</Text> : null}
      {status.reason ? (
        <Text className="influencer-status__reason" role="note">
          {t('influencer.reason', { reason: status.reason })}
        </Text>
      ) : null}
      <View className="influencer-status__actions">
        {/* Not while the form is open below (issue 42 n-10). */}
        {status.status !== 'SUSPENDED' && !editing ? (
          <Button size="mini" className="influencer-status__edit" onClick={onEdit}>
            {applied ? t('influencer.edit') : t('influencer.apply')}
          </Button>
        ) : null}
        {status.status === 'APPROVED' && status.id ? (
          <Link className="influencer-link" to={influencerUrl(status.id)}>
            {t('influencer.viewPublic')}
          </Link>
        ) : null}
      </View>
    </View>
  )
}
