/**
 * The referrer area (/user/referrer): general info and my share link, the groups (join one), the introduced users and
 * orders 10 a page, and the two charts over the chosen period and range.
 */
import { useCallback, useState } from 'react'
import { referralApi, type ChartPeriod } from '@/features/referral/api'
import { messageOf } from '@/domain/errors'
import { rangeFor, referralPath } from '@/features/referral/referral'
import { platform } from '@/platform'
import { useAppInfo } from '@/stores/appInfo'
import { patchSession } from '@/hooks/patchSession'
import { useLoad } from '@/hooks/useLoad'

/** The store's page a referral link opens. */
export const REFERRAL_LANDING = '/store'

/** What the referrer area shares (its share sheet and the mini-programs' share menu): the store, with my referral id. */
export function useReferralLink(): { title: string; path: string; url: string | null } {
  const myID = useAppInfo((s) => s.info?.myID ?? '')
  const title = useAppInfo((s) => s.info?.appContent.storeName ?? '')
  const path = myID ? referralPath(REFERRAL_LANDING, myID) : REFERRAL_LANDING
  return { title, path, url: platform.webLink(path) }
}

export function useReferrer() {
  const info = useLoad(referralApi.generalInfo)
  const groups = useLoad(referralApi.groups)
  const [usersPage, setUsersPage] = useState(1)
  const [ordersPage, setOrdersPage] = useState(1)
  const users = useLoad(useCallback(() => referralApi.usersIntroduced(usersPage), [usersPage]))
  const orders = useLoad(useCallback(() => referralApi.ordersIntroduced(ordersPage), [ordersPage]))
  const [period, setPeriodState] = useState<ChartPeriod>('day')
  const [count, setCount] = useState(14)
  const userChart = useLoad(useCallback(() => referralApi.summary('user', { period, count }), [period, count]))
  const orderChart = useLoad(useCallback(() => referralApi.summary('order', { period, count }), [period, count]))
  const [joining, setJoining] = useState<string | null>(null)
  const [joinError, setJoinError] = useState<string | null>(null)

  const join = async (id: string) => {
    setJoining(id)
    setJoinError(null)
    try {
      const answer = await referralApi.join(id)
      patchSession({ referrerUserGroup: answer.referrerUserGroup })
      await Promise.all([groups.reload(), info.reload()])
    } catch (err) {
      setJoinError(messageOf(err))
    } finally {
      setJoining(null)
    }
  }

  return {
    info,
    groups,
    join,
    joining,
    joinError,
    users: { ...users, page: usersPage, setPage: setUsersPage },
    orders: { ...orders, page: ordersPage, setPage: setOrdersPage },
    chart: {
      period,
      count,
      setPeriod: (p: ChartPeriod) => {
        setPeriodState(p)
        setCount((c) => rangeFor(p, c))
      },
      setCount,
      users: userChart,
      orders: orderChart
    }
  }
}
