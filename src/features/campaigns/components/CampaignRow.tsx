import { View, Text } from '@tarojs/components'
import type { CampaignList } from '@/features/campaigns/api'
import { HorizontalScroll } from '@/components/common/HorizontalScroll'
import { LazyImage } from '@/components/common/LazyImage'
import { Link } from '@/components/common/Link'
import { Price } from '@/components/common/Price'
import { campaignUrl, openCampaigns } from '@/features/campaigns/campaigns'
import { useCampaigns } from '@/features/campaigns/hooks/useCampaigns'
import { useServerOffset } from '@/features/campaigns/hooks/useCountdown'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { CampaignClock } from './CampaignClock'
import { CampaignProgress } from './CampaignProgress'
import './Campaigns.scss'

/** The campaign entry point on home and /store: the open group buys (nothing when there are none). */
export function CampaignRow() {
  const { data } = useCampaigns()
  return <CampaignCards data={data} />
}

/** The row for campaigns already loaded (H5 home loads them before this chunk arrives: HomeCampaignRow.h5.tsx). */
export function CampaignCards({ data }: { data: CampaignList | null | undefined }) {
  const t = useT()
  const localized = useLocalized()
  const image = useImageUrl()
  const offset = useServerOffset(data?.serverTime)
  const open = openCampaigns(data)
  if (!open.length) return null
  return (
    <View className="campaign-row">
      <Text className="campaign-row__title">{t('campaign.rowTitle')}</Text>
      <HorizontalScroll className="campaign-row__scroll" label={t('campaign.rowTitle')}>
        {open.map((c) => {
          const name = localized(c.nameContent, c.name)
          return (
            <Link key={c.id} className="campaign-card" to={campaignUrl(c.id)} data-campaign-id={String(c.id)}>
              {c.cover ? (
                <View className="campaign-card__cover">
                  <LazyImage src={image(c.cover)} alt={name} />
                </View>
              ) : null}
              <Text className="campaign-card__name">{name}</Text>
              <View className="campaign-card__price">
                <Text className="campaign-card__label">{t('campaign.from')}</Text>
                <Price amount={c.fromPrice} currency={c.currency} was={c.regularPrice} />
              </View>
              <CampaignProgress participants={c.participants} target={c.target} />
              <CampaignClock endsAt={c.endsAt} offset={offset} />
            </Link>
          )
        })}
      </HorizontalScroll>
    </View>
  )
}
