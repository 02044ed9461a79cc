import { View, Text } from '@tarojs/components'
import type { Product } from '@/api/catalog'
import { BusyButton } from '@/components/account/BusyButton'
import { FormError } from '@/components/account/Field'
import { EmptyState } from '@/components/common/EmptyState'
import { Link } from '@/components/common/Link'
import { Price } from '@/components/common/Price'
import { Spinner } from '@/components/common/Spinner'
import { endsSoon } from '@/features/memberships/membership'
import { signInUrlFor } from '@/domain/accountForms'
import { useLocalized } from '@/hooks/useLocalized'
import { MEMBERSHIP_PATH, useMembership } from '@/features/memberships/hooks/useMembership'
import { usePrice } from '@/hooks/usePrice'
import { useT } from '@/hooks/useT'
import type { MessageKey } from '@/i18n'
import type { MembershipDuration } from '@/features/memberships/api'
import { formatDate } from '@/components/members/format'
import '@/components/account/AccountPage.scss'
import '@/components/common/PrimaryButton.scss'
import '@/components/members/Members.scss'

const DURATION: Record<MembershipDuration, MessageKey> = {
  MONTH: 'members.duration.MONTH',
  QUARTER: 'members.duration.QUARTER',
  YEAR: 'members.duration.YEAR',
  LIFETIME: 'members.duration.LIFETIME'
}

/**
 * /user/membership: my membership (level, since, until, saved so far, history) for members, and the offer for everyone
 * with a buy (or renew) button per plan; guests sign in first. Where the platform forbids selling virtual goods (WeChat
 * on iOS) the offer and benefits stay, the buttons go, and a note says where to buy.
 */
export function MembershipView() {
  const t = useT()
  const localized = useLocalized()
  const { format } = usePrice()
  const m = useMembership()
  const mine = m.detail.data?.membership ?? null
  const plans = m.plans.data ?? []
  const benefits = plans[0]?.membershipPlan?.benefits ?? []

  const planName = (p: Product) => (p.membershipPlan ? t(DURATION[p.membershipPlan.duration]) : localized(p.nameContent, p.name))

  return (
    <View className="account-page members-page">
      <Text className="account-page__title">{t('members.title')}</Text>

      {m.loggedIn ? (
        <View className="members-mine" aria-label={t('members.mine.title')}>
          <Text className="members-section__title">{t('members.mine.title')}</Text>
          {m.detail.loading ? <Spinner label={t('common.loading')} /> : null}
          {m.detail.error ? <EmptyState tone="error" message={t('common.error', { message: m.detail.error })} action={{ label: t('common.retry'), onClick: m.detail.reload }} /> : null}
          {m.detail.data && !mine ? <Text className="members-mine__none">{t('members.mine.none')}</Text> : null}
          {mine && m.detail.data ? (
            <View className="members-facts">
              <Fact label={t('members.mine.level')} value={localized(mine.level, mine.level.en)} />
              <Fact label={t('members.mine.since')} value={formatDate(mine.since)} />
              <Fact label={t('members.mine.until')} value={mine.until ? formatDate(mine.until) : t('members.mine.lifetime')} />
              <Fact label={t('members.mine.saved')} value={format(m.detail.data.saved, m.detail.data.currency)} />
              {endsSoon(mine.until) ? <Text className="members-mine__soon" role="status">{t('members.mine.endsSoon')}</Text> : null}
            </View>
          ) : null}
          {m.detail.data?.periods.length ? (
            <View className="members-history">
              <Text className="members-section__subtitle">{t('members.history.title')}</Text>
              {m.detail.data.periods.map((p) => (
                <Text key={`${p.orderID}-${p.startsAt}`} className="members-history__row">
                  {`${localized(p.level, p.level.en)} · ${t(DURATION[p.duration])} · ${formatDate(p.startsAt)} – ${p.endsAt ? formatDate(p.endsAt) : t('members.history.open')} · ${t('members.history.order', { id: p.orderID })}`}
                </Text>
              ))}
            </View>
          ) : null}
        </View>
      ) : null}

      <View className="members-offer" aria-label={t('members.offer.title')}>
        <Text className="members-section__title">{t('members.offer.title')}</Text>
        {m.plans.loading ? <Spinner label={t('common.loading')} /> : null}
        {m.plans.error ? <EmptyState tone="error" message={t('common.error', { message: m.plans.error })} action={{ label: t('common.retry'), onClick: m.plans.reload }} /> : null}
        {m.plans.data && plans.length === 0 ? <EmptyState message={t('members.empty')} /> : null}
        {benefits.length ? (
          <View className="members-benefits">
            <Text className="members-section__subtitle">{t('members.benefits')}</Text>
            {benefits.map((b) => (
              <Text key={b.en} className="members-benefits__item">{`• ${localized(b, b.en)}`}</Text>
            ))}
          </View>
        ) : null}
        {mine && m.canPurchase ? <Text className="members-offer__note">{t('members.renewNote')}</Text> : null}
        {!m.canPurchase && plans.length ? <Text className="members-offer__note members-offer__note--blocked" role="note">{t('members.noPurchase')}</Text> : null}
        {plans.map((plan) => (
          <View key={plan.id} className="members-plan" data-plan={plan.membershipPlan?.duration}>
            <View className="members-plan__head">
              <Text className="members-plan__name">{localized(plan.nameContent, plan.name)}</Text>
              <Price className="members-plan__price" amount={plan.price} currency={plan.currency} />
            </View>
            {m.canPurchase ? (
              m.loggedIn ? (
                <BusyButton className="primary-button members-plan__buy" busy={m.buying === plan.id} disabled={m.buying !== null} onClick={() => m.buy(plan)}>
                  {t(mine ? 'members.renew' : 'members.buy', { plan: planName(plan) })}
                </BusyButton>
              ) : m.settled ? (
                <Link className="members-plan__signin" to={signInUrlFor(MEMBERSHIP_PATH)}>
                  {t('members.signInToBuy')}
                </Link>
              ) : null
            ) : null}
          </View>
        ))}
        <FormError message={m.buyError} />
      </View>
    </View>
  )
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <View className="members-fact">
      <Text className="members-fact__label">{label}</Text>
      <Text className="members-fact__value">{value}</Text>
    </View>
  )
}
