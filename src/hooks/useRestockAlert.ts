/**
 * The product page's "E-mail me when it's back" form: the e-mail (not asked of a shopper signed in with one: the
 * account's is used), checked before sending, the answer's address shown once subscribed, and what was typed kept when
 * sending fails. Once subscribed it can be cancelled ("Don't e-mail me": a mistyped address, a change of mind), which
 * brings the form back with what was typed. A new product or option pair starts over.
 */
import { useEffect, useState } from 'react'
import { ApiError } from '@/api/http'
import { restockApi } from '@/api/restock'
import { messageOf } from '@/domain/errors'
import { restockEmailProblem, type RestockEmailProblem } from '@/domain/restock'
import type { MessageKey } from '@/i18n'
import { useAppInfo } from '@/stores/appInfo'
import { useLocale } from '@/stores/locale'
import { useT } from './useT'

/** Statuses worded in the shopper's language; any other failure shows the server's message. */
function explain(err: unknown): MessageKey | null {
  if (!(err instanceof ApiError)) return null
  if (err.status === 429) return 'restock.error.tooMany'
  if (err.status === 409) return 'restock.error.inStock'
  if (err.status === 404) return 'restock.error.notWaiting'
  if (err.status === 0) return 'restock.error.network'
  return null
}

export function useRestockAlert(productId: string, optionPair?: string) {
  const t = useT()
  const accountEmail = useAppInfo((s) => (s.info?.userID ? s.info.user?.emailID : '') || '')
  const language = useLocale((s) => s.language)
  const [email, setEmailState] = useState('')
  const [problem, setProblem] = useState<RestockEmailProblem | null>(null)
  const [serverError, setServerError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  /**
   * The subscription the server holds: where it will write, and the token that cancels it, which the server gives only
   * to whoever made the subscription (someone else asking for the same address gets none).
   */
  const [subscribed, setSubscribed] = useState<{ email: string; cancelToken?: string } | null>(null)
  /** The address of the subscription just cancelled, said once under the form. */
  const [cancelledFor, setCancelledFor] = useState<string | null>(null)

  useEffect(() => {
    setSubscribed(null)
    setCancelledFor(null)
    setServerError(null)
    setProblem(null)
  }, [productId, optionPair])

  const setEmail = (value: string) => {
    setEmailState(value)
    setProblem(null)
  }

  const submit = async () => {
    if (busy) return
    const found = accountEmail ? null : restockEmailProblem(email)
    setProblem(found)
    setServerError(null)
    setCancelledFor(null)
    if (found) return
    setBusy(true)
    try {
      const answer = await restockApi.subscribe({
        productId,
        ...(optionPair ? { optionPair } : {}),
        ...(accountEmail ? {} : { email: email.trim() }),
        locale: language
      })
      setSubscribed({ email: answer.email, cancelToken: answer.cancelToken })
    } catch (err) {
      fail(err)
    } finally {
      setBusy(false)
    }
  }

  const cancel = async () => {
    if (busy || !subscribed?.cancelToken) return
    setBusy(true)
    setServerError(null)
    try {
      await restockApi.cancel(subscribed.cancelToken)
      setCancelledFor(subscribed.email)
      setSubscribed(null)
    } catch (err) {
      fail(err)
    } finally {
      setBusy(false)
    }
  }

  function fail(err: unknown) {
    const key = explain(err)
    setServerError(key ? t(key) : messageOf(err))
  }

  return {
    /** Signed in with an e-mail: the form is one button. */
    accountEmail,
    email,
    setEmail,
    /** The e-mail field's message, in the shopper's language. */
    emailError: problem ? t(`restock.error.${problem}`) : null,
    serverError,
    busy,
    /** The address the server will write to, once subscribed. */
    sentTo: subscribed?.email ?? null,
    /** Whether this shopper may cancel it (they made the subscription). */
    canCancel: Boolean(subscribed?.cancelToken),
    submit,
    cancel,
    cancelledFor
  }
}
