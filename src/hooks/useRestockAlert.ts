/**
 * The product page's "E-mail me when it's back" form: the e-mail (not asked of a shopper signed in with one: the
 * account's is used), checked before sending, the answer's address shown once subscribed, and what was typed kept when
 * sending fails. A new product or option pair starts over.
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
  /** The address the server will write to, once subscribed. */
  const [sentTo, setSentTo] = useState<string | null>(null)

  useEffect(() => {
    setSentTo(null)
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
    if (found) return
    setBusy(true)
    try {
      const answer = await restockApi.subscribe({
        productId,
        ...(optionPair ? { optionPair } : {}),
        ...(accountEmail ? {} : { email: email.trim() }),
        locale: language
      })
      setSentTo(answer.email)
    } catch (err) {
      const key = explain(err)
      setServerError(key ? t(key) : messageOf(err))
    } finally {
      setBusy(false)
    }
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
    sentTo,
    submit
  }
}
