/**
 * My account's store-credit top-up (spec §7 POST applyStoreCreditDeposit): pick or type an amount, pick a payment
 * method (H5: the methods the store accepts that an enabled channel carries, as at checkout; the mini-programs pay in
 * their own sheet), pay through the platform (H5 leaves for the provider's page and comes back to
 * /user/list?deposit={id}; the mini-programs' sheets answer at once), then follow the top-up until it is PAID or FAILED
 * and let the panel show the new balance.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { checkoutApi } from '@/api/checkout'
import { depositApi, type Deposit } from '@/api/deposits'
import { formatMoney } from '@/domain/currency'
import { messageOf } from '@/domain/errors'
import { carrierOf, offeredMethods, preselectedMethod, type PaymentMethod } from '@/domain/paymentMethods'
import { POLL_INTERVAL_MS } from '@/domain/paymentStatus'
import { parseTopUpAmount, TOP_UP_CHOICES, TOP_UP_LIMITS, TOP_UP_POLL_LIMIT } from '@/domain/topUp'
import { platform } from '@/platform'
import { topUp } from '@/payment/topUp'
import { useAppInfo } from '@/stores/appInfo'
import { useLoad } from './useLoad'
import { useRoute } from './useRoute'
import { useT } from './useT'

/** A quick choice (minor units) or a typed amount. */
export type AmountChoice = number | 'other'

export function useStoreCreditTopUp(currency: string, onCredited: () => void) {
  const t = useT()
  const route = useRoute()
  const environment = useMemo(() => platform.environment(), [])
  const choosesMethod = !environment.miniProgram
  const flags = useAppInfo((s) => s.info?.appContent.system.payment)
  // The shop's quick choices (its shop file's storeCredit); a shop that says nothing gets the built-in ones.
  const offered = useAppInfo((s) => s.info?.appContent.system.storeCredit?.topUpAmounts)
  const amounts: readonly number[] = offered ?? TOP_UP_CHOICES

  const [open, setOpen] = useState(false)
  const config = useLoad(checkoutApi.paymentConfig, open && choosesMethod)
  const channels = useMemo(() => {
    const online = config.data?.onlineProviders
    return online?.enabled ? (online.h5Channels ?? []) : []
  }, [config.data])
  const methods = useMemo(() => offeredMethods(flags, channels), [flags, channels])

  const [choice, setChoice] = useState<AmountChoice>(amounts[0] ?? 'other')
  const [other, setOther] = useState('')
  const [method, setMethod] = useState<PaymentMethod | ''>('')
  const [amountError, setAmountError] = useState<string | undefined>()
  const [methodError, setMethodError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  /** The latest top-up's state; `waiting` while it is PENDING and still being checked. */
  const [deposit, setDeposit] = useState<Deposit | null>(null)
  const [waiting, setWaiting] = useState(false)

  useEffect(() => {
    if (method && methods.includes(method)) return
    setMethod(preselectedMethod(methods, environment) ?? '')
  }, [methods, method, environment])

  const alive = useRef(true)
  useEffect(
    () => () => {
      alive.current = false
    },
    []
  )

  const settled = useCallback(
    (answer: Deposit) => {
      setDeposit(answer)
      if (answer.status === 'PAID') onCredited()
    },
    [onCredited]
  )

  /** Checks a PENDING top-up every 2 s (spec §9's payment polling) until the provider's word is in. */
  const follow = useCallback(
    async (depositID: string) => {
      setWaiting(true)
      try {
        for (let round = 0; alive.current && round < TOP_UP_POLL_LIMIT; round++) {
          const answer = await depositApi.status({ depositID })
          if (!alive.current) return
          setDeposit(answer)
          if (answer.status !== 'PENDING') {
            settled(answer)
            return
          }
          await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS))
        }
      } catch (err) {
        if (alive.current) setError(t('user.topUp.failed', { message: messageOf(err, t) }))
      } finally {
        if (alive.current) setWaiting(false)
      }
    },
    [settled, t]
  )

  // Back from the provider's page: /user/list?deposit={id}.
  const returned = useRef(!!route.params.deposit)
  useEffect(() => {
    const id = route.params.deposit
    if (id) void follow(id)
    // Once per page: the route is fixed at mount.
  }, [])

  // Back from paying, the page opens at its top while the outcome is with the store credit, screens further down
  // (issue 42 n-9): brought into view once it is known.
  useEffect(() => {
    if (!returned.current || !deposit || waiting) return
    returned.current = false
    platform.reveal('.top-up')
  }, [deposit, waiting])

  const money = (amount: number) => formatMoney(amount, currency)

  const amountOf = (): number | null => {
    if (choice !== 'other') return choice
    const parsed = parseTopUpAmount(other, currency)
    if (parsed.ok) return parsed.amount
    const vars = { min: money(TOP_UP_LIMITS.min), max: money(TOP_UP_LIMITS.max), currency }
    setAmountError(t(`user.topUp.error.${parsed.error}`, vars))
    return null
  }

  const submit = async () => {
    setAmountError(undefined)
    setMethodError(undefined)
    setError(null)
    const amount = amountOf()
    const channel = method ? (carrierOf(method, channels) ?? undefined) : undefined
    if (choosesMethod && !channel) setMethodError(t('user.topUp.error.method'))
    if (amount === null || (choosesMethod && !channel)) return
    setBusy(true)
    try {
      const outcome = await topUp({ amount, channel })
      // 'redirect': the browser is on its way to the provider's page and comes back to /user/list?deposit=….
      if (outcome.kind === 'settled' && alive.current) {
        setOpen(false)
        if (outcome.deposit.status === 'PENDING') void follow(outcome.deposit.depositID)
        else settled(outcome.deposit)
      }
    } catch (err) {
      if (alive.current) setError(t('user.topUp.failed', { message: messageOf(err, t) }))
    } finally {
      if (alive.current) setBusy(false)
    }
  }

  return {
    // WeChat forbids selling stored value in the mini-program on iOS, like memberships.
    allowed: platform.virtualGoodsPurchase(),
    open,
    start: () => {
      setOpen(true)
      setDeposit(null)
      setError(null)
    },
    cancel: () => setOpen(false),
    choices: amounts.map((value) => ({ value, label: money(value) })),
    choice,
    choose: (value: AmountChoice) => {
      setChoice(value)
      setAmountError(undefined)
    },
    other,
    setOther,
    amountError,
    choosesMethod,
    methods,
    methodsLoading: choosesMethod && config.loading,
    methodsError: config.error,
    reloadMethods: config.reload,
    method,
    setMethod: (value: PaymentMethod) => {
      setMethod(value)
      setMethodError(undefined)
    },
    methodError,
    busy,
    error,
    submit,
    deposit,
    waiting,
    money
  }
}
