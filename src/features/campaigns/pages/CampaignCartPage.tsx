import { EmptyState } from '@/components/common/EmptyState'
import { Spinner } from '@/components/common/Spinner'
import { CampaignCartView } from '@/features/campaigns/components/CampaignCartView'
import { Shell } from '@/components/shell/Shell'
import { CheckoutHeader } from '@/components/checkout/CheckoutHeader'
import { campaignShareUrl } from '@/features/campaigns/campaigns'
import { useCampaignCart } from '@/features/campaigns/hooks/useCampaignCart'
import { useServerOffset } from '@/features/campaigns/hooks/useCountdown'
import { useRoute } from '@/hooks/useRoute'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import '@/i18n/more'
import '@/i18n/browse'
import '@/features/campaigns/i18n'

/** /checkout/campaignCart?FissionSale={campaign}: the shopper's group-buy cart of that campaign, and paying for it. */
export default function Page() {
  const t = useT()
  const route = useRoute()
  const id = route.params.FissionSale ?? ''
  const inviter = route.params.inviter || undefined
  const c = useCampaignCart(id, inviter)
  const offset = useServerOffset(c.cart.data?.serverTime)
  const back = () => platform.navigate(id ? campaignShareUrl(id, inviter) : '/store')

  let body
  if (!id) body = <EmptyState message={t('campaign.notFound')} action={{ label: t('campaign.backToStore'), onClick: () => platform.navigate('/store') }} />
  else if (!c.ready || (c.cart.loading && !c.cart.data)) body = <Spinner label={t('store.loading')} />
  else if (!c.cart.data || !c.status) {
    body = <EmptyState tone="error" message={t('store.loadFailed', { message: c.cart.error ?? '' })} action={{ label: t('store.retry'), onClick: () => void c.cart.reload() }} />
  } else if (!c.cart.data.lines.length) {
    body = <EmptyState message={t('campaign.cartEmpty')} action={{ label: t('campaign.pickItems'), onClick: back }} />
  } else {
    body = (
      <CampaignCartView
        cart={c.cart.data}
        status={c.status}
        offset={offset}
        busy={c.busy}
        error={c.error}
        choosesMethod={c.choosesMethod}
        methods={c.methods}
        method={c.method}
        onMethod={c.setMethod}
        onQuantity={(itemId, q) => void c.setQuantity(itemId, q)}
        onPay={() => void c.pay()}
      />
    )
  }
  // A step to finish, like the checkout (issue 42 n-13): its slim header, no menu, footer or tab bar.
  const header = <CheckoutHeader title={t('campaign.cartTitle')} back={{ to: id ? campaignShareUrl(id, inviter) : '/store', label: t('campaign.backToCampaign') }} />
  return (
    <Shell title={t('campaign.cartTitle')} focusedHeader={header}>
      {body}
    </Shell>
  )
}
