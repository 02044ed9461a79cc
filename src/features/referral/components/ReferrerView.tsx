import { View, Text } from '@tarojs/components'
import type { ChartPeriod, CommissionState } from '@/features/referral/api'
import { BusyButton } from '@/components/account/BusyButton'
import { FormError } from '@/components/account/Field'
import { EmptyState } from '@/components/common/EmptyState'
import { Spinner } from '@/components/common/Spinner'
import { CHART_RANGES, pageCount } from '@/features/referral/referral'
import { useLocalized } from '@/hooks/useLocalized'
import { usePrice } from '@/hooks/usePrice'
import { useReferralLink, useReferrer } from '@/features/referral/hooks/useReferrer'
import { ShareActions } from '@/components/common/ShareActions'
import { useT } from '@/hooks/useT'
import type { MessageKey } from '@/i18n'
import type { Loaded } from '@/hooks/useLoad'
import { BarChart } from './BarChart'
import { formatDate } from '@/components/members/format'
import '@/components/account/AccountPage.scss'
import '@/components/members/Members.scss'

const STATE: Record<CommissionState, MessageKey> = {
  PENDING: 'referral.state.PENDING',
  CREDITED: 'referral.state.CREDITED',
  REVERSED: 'referral.state.REVERSED',
  PARTLY_REVERSED: 'referral.state.PARTLY_REVERSED'
}
const PERIOD: Record<ChartPeriod, MessageKey> = { day: 'referral.period.day', week: 'referral.period.week', month: 'referral.period.month' }
const RANGE: Record<ChartPeriod, MessageKey> = { day: 'referral.range.day', week: 'referral.range.week', month: 'referral.range.month' }

/**
 * /user/referrer: my link and referral id, what I introduced and earned, my group (join another), the users and orders
 * I introduced (10 a page, names masked), and the two charts with their tables.
 */
export function ReferrerView() {
  const t = useT()
  const localized = useLocalized()
  const { format } = usePrice()
  const r = useReferrer()
  const link = useReferralLink()
  const info = r.info.data

  return (
    <View className="account-page members-page referrer-page">
      <Text className="account-page__title">{t('referral.title')}</Text>
      <Text className="members-page__intro">{t('referral.intro')}</Text>
      <Problem loaded={r.info} />
      {info ? (
        <>
          <View className="referrer-link" aria-label={t('referral.link.title')}>
            <Text className="members-section__title">{t('referral.link.title')}</Text>
            <Text className="referrer-link__id">{t('referral.myID', { id: info.myID })}</Text>
            {link.url ? <Text className="referrer-link__url" selectable>{link.url}</Text> : <Text className="referrer-link__hint">{t('referral.shareHint')}</Text>}
            <ShareActions title={link.title} path={link.path} />
          </View>
          <View className="members-facts referrer-stats">
            <Stat label={t('referral.stats.users')} value={String(info.usersIntroduced)} />
            <Stat label={t('referral.stats.orders')} value={String(info.ordersIntroduced)} />
            <Stat label={t('referral.stats.pending')} value={format(info.commissionPending, info.currency)} />
            <Stat label={t('referral.stats.earned')} value={format(info.commissionEarned, info.currency)} />
            <Stat label={t('referral.stats.reversed')} value={format(info.commissionReversed, info.currency)} />
          </View>
        </>
      ) : null}

      <View className="referrer-groups" aria-label={t('referral.group.title')}>
        <Text className="members-section__title">{t('referral.group.title')}</Text>
        <Problem loaded={r.groups} />
        {r.groups.data?.groups.map((g) => {
          const current = g.id === r.groups.data?.currentGroupID
          const name = localized(g.name, g.name.en)
          return (
            <View key={g.id} className={`referrer-group${current ? ' referrer-group--current' : ''}`} data-group-id={g.id}>
              <Text className="referrer-group__name">{name}</Text>
              <Text className="referrer-group__rate">{t('referral.group.rate', { percent: g.commissionPercent, days: g.holdDays })}</Text>
              <Text className="referrer-group__rules">{localized(g.rules, g.rules.en)}</Text>
              {current ? (
                <Text className="referrer-group__current">{t('referral.group.current')}</Text>
              ) : (
                <BusyButton className="referrer-group__join" busy={r.joining === g.id} disabled={r.joining !== null} onClick={() => r.join(g.id)}>
                  {t('referral.group.join', { name })}
                </BusyButton>
              )}
            </View>
          )
        })}
        <FormError message={r.joinError} />
      </View>

      <View className="referrer-list referrer-users" aria-label={t('referral.users.title')}>
        <Text className="members-section__title">{t('referral.users.title')}</Text>
        <Problem loaded={r.users} />
        {r.users.data && r.users.data.users.length === 0 ? <EmptyState message={t('referral.users.empty')} /> : null}
        {r.users.data?.users.map((u, i) => (
          <View key={`${u.registeredAt}-${i}`} className="referrer-row">
            <Text className="referrer-row__name">{u.maskedName}</Text>
            <Text className="referrer-row__meta">{t('referral.users.row', { date: formatDate(u.registeredAt), orders: u.orders })}</Text>
          </View>
        ))}
        {r.users.data ? <Pager page={r.users.page} total={r.users.data.total} onPage={r.users.setPage} /> : null}
      </View>

      <View className="referrer-list referrer-orders" aria-label={t('referral.orders.title')}>
        <Text className="members-section__title">{t('referral.orders.title')}</Text>
        <Problem loaded={r.orders} />
        {r.orders.data && r.orders.data.orders.length === 0 ? <EmptyState message={t('referral.orders.empty')} /> : null}
        {r.orders.data?.orders.map((o) => (
          <View key={o.orderID} className="referrer-row" data-order-id={o.orderID}>
            <View className="referrer-row__head">
              <Text className="referrer-row__name">{t('referral.orders.number', { id: o.orderID })}</Text>
              <Text className={`referrer-row__state referrer-row__state--${o.commissionState.toLowerCase()}`}>{t(STATE[o.commissionState])}</Text>
            </View>
            <Text className="referrer-row__meta">{`${o.maskedName} · ${formatDate(o.placedAt)}`}</Text>
            <Text className="referrer-row__meta">
              {`${t('referral.orders.goods', { amount: format(o.goodsTotal, r.orders.data!.currency) })} · ${t('referral.orders.commission', { amount: format(o.commission, r.orders.data!.currency) })}`}
              {o.reversed ? ` · ${t('referral.orders.reversed', { amount: format(o.reversed, r.orders.data!.currency) })}` : ''}
            </Text>
          </View>
        ))}
        {r.orders.data ? <Pager page={r.orders.page} total={r.orders.data.total} onPage={r.orders.setPage} /> : null}
      </View>

      <View className="referrer-charts" aria-label={t('referral.charts.title')}>
        <Text className="members-section__title">{t('referral.charts.title')}</Text>
        <View className="referrer-choices" role="radiogroup" aria-label={t('referral.charts.period')}>
          {(Object.keys(PERIOD) as ChartPeriod[]).map((p) => (
            <Choice key={p} label={t(PERIOD[p])} chosen={r.chart.period === p} onChoose={() => r.chart.setPeriod(p)} />
          ))}
        </View>
        <View className="referrer-choices" role="radiogroup">
          {CHART_RANGES[r.chart.period].map((n) => (
            <Choice key={n} label={t(RANGE[r.chart.period], { n })} chosen={r.chart.count === n} onChoose={() => r.chart.setCount(n)} />
          ))}
        </View>
        <Problem loaded={r.chart.users} />
        {r.chart.users.data ? (
          <>
            <Text className="referrer-charts__zone">{t('referral.charts.timeZone', { tz: r.chart.users.data.timeZone })}</Text>
            <BarChart
              title={t('referral.charts.users')}
              buckets={r.chart.users.data.buckets}
              value={(b) => b.count}
              bucketLabel={t('referral.charts.bucket')}
              emptyMessage={t('referral.charts.usersEmpty')}
              columns={[{ label: t('referral.charts.count'), value: (b) => String(b.count) }]}
            />
          </>
        ) : null}
        <Problem loaded={r.chart.orders} />
        {r.chart.orders.data ? (
          <BarChart
            title={t('referral.charts.orders')}
            buckets={r.chart.orders.data.buckets}
            value={(b) => b.amount}
            bucketLabel={t('referral.charts.bucket')}
            emptyMessage={t('referral.charts.ordersEmpty')}
            columns={[
              { label: t('referral.charts.count'), value: (b) => String(b.count) },
              { label: t('referral.charts.amount'), value: (b) => format(b.amount, r.chart.orders.data!.currency) }
            ]}
          />
        ) : null}
      </View>
    </View>
  )
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <View className="members-fact">
      <Text className="members-fact__label">{label}</Text>
      <Text className="members-fact__value">{value}</Text>
    </View>
  )
}

function Choice({ label, chosen, onChoose }: { label: string; chosen: boolean; onChoose(): void }) {
  return (
    <View className={`referrer-choice${chosen ? ' referrer-choice--on' : ''}`} role="radio" aria-checked={chosen} tabIndex={0} onClick={onChoose}>
      {label}
    </View>
  )
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage(page: number): void }) {
  const t = useT()
  const pages = pageCount(total)
  if (pages <= 1) return null
  return (
    <View className="referrer-pager">
      {page > 1 ? (
        <View className="referrer-pager__prev" role="button" tabIndex={0} onClick={() => onPage(page - 1)}>
          {t('referral.prev')}
        </View>
      ) : null}
      <Text className="referrer-pager__where">{t('referral.page', { page, pages })}</Text>
      {page < pages ? (
        <View className="referrer-pager__next" role="button" tabIndex={0} onClick={() => onPage(page + 1)}>
          {t('referral.next')}
        </View>
      ) : null}
    </View>
  )
}

/** A section's spinner or error with retry. */
function Problem({ loaded }: { loaded: Pick<Loaded<unknown>, 'loading' | 'error' | 'reload' | 'data'> }) {
  const t = useT()
  if (loaded.error) return <EmptyState tone="error" message={t('common.error', { message: loaded.error })} action={{ label: t('common.retry'), onClick: loaded.reload }} />
  return loaded.loading && !loaded.data ? <Spinner label={t('common.loading')} /> : null
}
