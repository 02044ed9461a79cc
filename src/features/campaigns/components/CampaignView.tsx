import type { ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import type { Campaign, CampaignItem, CampaignParticipant, CampaignParticipation, CampaignStatus } from '@/features/campaigns/api'
import { BusyButton } from '@/components/account/BusyButton'
import { LazyImage } from '@/components/common/LazyImage'
import { Price } from '@/components/common/Price'
import { optionValuesText } from '@/domain/options'
import { formatDateTime } from '@/components/account/orderLabels'
import { clockText, countdown, joinChoice } from '@/features/campaigns/campaigns'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { useLocale } from '@/stores/locale'
import { CampaignClock } from './CampaignClock'
import { CampaignProgress } from './CampaignProgress'
import { CampaignYourPart } from './CampaignYourPart'
import './CampaignPage.scss'

interface Props {
  campaign: Campaign
  status: CampaignStatus
  items: CampaignItem[]
  participants: CampaignParticipant[]
  /** The signed-in shopper's part in the group (null: a guest, or not in it). */
  participation: CampaignParticipation | null
  offset: number
  adding: string | null
  error: string | null
  onJoin(itemId: string): void
  /** The share actions of the platform. */
  share?: ReactNode
}

/** The campaign page's view: cover, texts, countdown or outcome, progress, the shopper's part, items, participants, share. */
export function CampaignView({ campaign, status, items, participants, participation, offset, adding, error, onJoin, share }: Props) {
  const t = useT()
  const localized = useLocalized()
  const language = useLocale((s) => s.language)
  const image = useImageUrl()
  const name = localized(campaign.nameContent, campaign.name)
  const open = status === 'OPEN'
  const startsIn = status === 'UPCOMING' ? countdown(campaign.startsAt, Date.now(), offset) : null
  const store = localized(campaign.localStoreName, campaign.localStoreName.en)
  // A shopper in the open group gets the share actions with the invitation to fill it, not at the foot of the page.
  const sharesInPart = participation?.state === 'JOINED' && open
  return (
    <View className="campaign-page" data-campaign-id={campaign.id} data-status={status}>
      {campaign.cover ? (
        <View className="campaign-page__cover">
          {/* 4:3, cropped about the middle, where the demo art draws its subject (issue 42 p-6: a box capped at 420 design
              px kept the square picture's top, half a croissant). */}
          <LazyImage src={image(campaign.cover)} alt={name} ratio={0.75} eager />
        </View>
      ) : null}
      <Text className="campaign-page__name">{name}</Text>
      <Text className="campaign-page__status">{t(`campaign.status.${status}`)}</Text>
      <Text className="campaign-page__description">{localized(campaign.descriptionContent, campaign.description)}</Text>
      <Text className="campaign-page__pickup">{t('campaign.pickupAt', { store })}</Text>
      <CampaignProgress participants={campaign.participants} target={campaign.target} />
      {open ? <CampaignClock className="campaign-page__clock" endsAt={campaign.endsAt} offset={offset} /> : null}
      {startsIn ? <Text className="campaign-page__clock">{t('campaign.startsIn', { time: clockText(startsIn, t('campaign.dayUnit')) })}</Text> : null}
      {status === 'SUCCEEDED' || status === 'FAILED' || status === 'CLOSING' ? (
        <Text className="campaign-page__closed" role="status">{t(`campaign.closed.${status}`)}</Text>
      ) : null}
      {participation ? <CampaignYourPart participation={participation} status={status} campaignId={campaign.id} store={store} share={share} /> : null}
      {open && participation?.state !== 'JOINED' ? <Text className="campaign-page__how">{t('campaign.howItWorks')}</Text> : null}
      {error ? <Text className="campaign-page__error" role="alert">{error}</Text> : null}

      <View className="campaign-items">
        {items.map((item) => {
          const itemName = localized(item.nameContent, item.name)
          const choice = joinChoice(item, participation)
          return (
            <View key={item.id} className="campaign-item" data-item-id={item.id}>
              <View className="campaign-item__media">
                <LazyImage src={image(item.image)} alt={itemName} />
              </View>
              <View className="campaign-item__body">
                <Text className="campaign-item__name">{itemName}</Text>
                {item.optionPair ? <Text className="campaign-item__options">{optionValuesText(item.optionPair, item.optionLabels, language)}</Text> : null}
                <View className="campaign-item__prices">
                  <Price className="campaign-item__price" amount={item.campaignPrice} currency={item.currency} />{' '}
                  <Text className="campaign-item__regular">
                    {t('campaign.regularPrice')} <Price amount={item.regularPrice} currency={item.currency} />
                  </Text>
                </View>
                <Text className="campaign-item__stock">{item.available > 0 ? t('campaign.left', { count: item.available }) : t('campaign.soldOut')}</Text>
                <Text className="campaign-item__limit">{t('campaign.limit', { limit: item.limitPerShopper })}</Text>
                {open && choice === 'limitReached' ? <Text className="campaign-item__limit-reached">{t('campaign.you.limitReached')}</Text> : null}
                {open && choice !== 'limitReached' ? (
                  <BusyButton className="campaign-item__join" busy={adding === item.id} disabled={adding !== null || item.available <= 0} onClick={() => onJoin(item.id)}>
                    {t(choice === 'joinMore' ? 'campaign.joinMore' : 'campaign.join')}
                  </BusyButton>
                ) : null}
              </View>
            </View>
          )
        })}
      </View>

      {share && !sharesInPart ? <View className="campaign-page__share">{share}</View> : null}

      <View className="campaign-participants">
        <Text className="campaign-participants__title">{t('campaign.participants')}</Text>
        {participants.length ? (
          participants.map((p, i) => (
            <View key={`${p.name}-${p.joinedAt}-${i}`} className="campaign-participant">
              <Text className="campaign-participant__name">{p.name}</Text>
              {p.invited ? <Text className="campaign-participant__invited">{t('campaign.invited')}</Text> : null}
              <Text className="campaign-participant__time">{formatDateTime(p.joinedAt)}</Text>
            </View>
          ))
        ) : (
          <Text className="campaign-participants__empty">{t('campaign.noParticipants')}</Text>
        )}
      </View>
    </View>
  )
}
