import { EmptyState } from '@/components/common/EmptyState'
import { ShareActions } from '@/components/common/ShareActions'
import { Spinner } from '@/components/common/Spinner'
import { CampaignView } from '@/features/campaigns/components/CampaignView'
import { Shell } from '@/components/shell/Shell'
import { campaignShareUrl } from '@/features/campaigns/campaigns'
import { useCampaign } from '@/features/campaigns/hooks/useCampaign'
import { useServerOffset } from '@/features/campaigns/hooks/useCountdown'
import { useLocalized } from '@/hooks/useLocalized'
import { usePageShare } from '@/hooks/usePageShare'
import { useReferralCapture, useReferralPath } from '@/features/referral/useReferral'
import { useRoute } from '@/hooks/useRoute'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import { useAppInfo } from '@/stores/appInfo'
import '@/i18n/more'
import '@/i18n/browse'
import '@/features/campaigns/i18n'

/**
 * /store/groupCampaign/{id}: a group-buy campaign. A share link adds FissionSale and inviter to the query; the inviter
 * goes with the shopper's campaign cart and counts once they pay. Sharing (ShareActions, and the mini-programs' share menu
 * through usePageShare) passes this shopper's own my_id on as the inviter; a share itself earns nothing.
 */
export default function Page() {
  const t = useT()
  const localized = useLocalized()
  const route = useRoute()
  const id = route.params.id ?? ''
  const inviter = route.params.inviter || undefined
  const page = useCampaign(id, inviter)
  const offset = useServerOffset(page.data?.serverTime)
  const myID = useAppInfo((st) => st.info?.myID)
  const campaignName = page.data ? localized(page.data.campaign.nameContent, page.data.campaign.name) : t('campaign.title')
  // Shared links carry the campaign and the sharer (their my_id), who is recorded only if the invited shopper pays; the
  // sharer's referral id too, so whoever registers through the link is introduced by them (the referral programme).
  useReferralCapture()
  const sharePath = useReferralPath(campaignShareUrl(id, myID))
  usePageShare({ title: campaignName, path: sharePath })

  if (page.loading && !page.data) {
    return (
      <Shell title={t('campaign.title')}>
        <Spinner label={t('store.loading')} />
      </Shell>
    )
  }
  if (!page.data || !page.status) {
    return (
      <Shell title={t('campaign.title')}>
        <EmptyState
          tone={page.error && !/not found/i.test(page.error) ? 'error' : 'empty'}
          message={page.error && !/not found/i.test(page.error) ? t('store.loadFailed', { message: page.error }) : t('campaign.notFound')}
          action={{ label: t('campaign.backToStore'), onClick: () => platform.navigate('/store') }}
        />
      </Shell>
    )
  }
  const { campaign } = page.data
  return (
    <Shell title={campaignName}>
      <CampaignView
        campaign={campaign}
        status={page.status}
        items={page.data.items}
        participants={page.data.participants}
        participation={page.data.participation ?? null}
        offset={offset}
        adding={page.adding}
        error={page.error}
        onJoin={(itemId) => void page.add(itemId, 1)}
        share={<ShareActions title={campaignName} path={sharePath} />}
      />
    </Shell>
  )
}
