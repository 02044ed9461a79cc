/**
 * E-mail confirmation (security probe finding 8): /account/verify?token=… opens the mailed link (verifyEmail), and the
 * account area offers a new link while the signed-in account's address is not confirmed (WeChat/Alipay sign-in can
 * only be linked to a confirmed address).
 */
import { useEffect, useRef, useState } from 'react'
import { emailVerificationApi } from '@/api/emailVerification'
import { messageOf } from '@/domain/errors'
import { useAppInfo } from '@/stores/appInfo'
import { useRoute } from './useRoute'

/** The signed-in account is the one confirmed: its badge goes without reloading app info. */
function markConfirmed(emailID: string) {
  const info = useAppInfo.getState().info
  if (info?.user?.emailID.toLowerCase() === emailID.toLowerCase()) useAppInfo.setState({ info: { ...info, emailVerified: true } })
}

export type VerifyLinkState =
  | { status: 'working' | 'noToken' }
  | { status: 'done'; email: string }
  | { status: 'failed'; error: string }

export function useVerifyEmailLink(): VerifyLinkState {
  const token = useRoute().params.token
  const [state, setState] = useState<VerifyLinkState>({ status: token ? 'working' : 'noToken' })
  // A link works once: the call is made once per page, whatever re-renders or re-runs the effect.
  const sent = useRef(false)
  useEffect(() => {
    if (!token || sent.current) return
    sent.current = true
    emailVerificationApi.verify(token).then(
      ({ emailID }) => {
        markConfirmed(emailID)
        setState({ status: 'done', email: emailID })
      },
      (err) => setState({ status: 'failed', error: messageOf(err) })
    )
  }, [token])
  return state
}

export function useResendEmailVerification() {
  const email = useAppInfo((s) => s.info?.user?.emailID ?? '')
  const unconfirmed = useAppInfo((s) => s.info?.emailVerified === false)
  const [busy, setBusy] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const resend = async () => {
    setBusy(true)
    setError(null)
    try {
      setSentTo((await emailVerificationApi.resend()).emailID)
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }
  return { unconfirmed, email, busy, sentTo, error, resend }
}
