/**
 * A visitor who arrives through a share link (`?ref=<referral id>`) keeps that id until they register; the first one
 * kept wins (issue 13). Called by the pages share links open: the store, a product.
 */
import { useEffect } from 'react'
import { keptReferrer, REFERRAL_PARAM, referralPath, REFERRER_STORAGE_KEY } from '@/features/referral/referral'
import { platform } from '@/platform'
import { useAppInfo } from '@/stores/appInfo'
import { useRoute } from '@/hooks/useRoute'

/** The path a signed-in shopper shares: with their referral id, so whoever registers through it is introduced by them. */
export function useReferralPath(path: string): string {
  const myID = useAppInfo((s) => (s.info?.userID ? s.info.myID : undefined))
  return myID ? referralPath(path, myID) : path
}

export function useReferralCapture(): void {
  const incoming = useRoute().params[REFERRAL_PARAM]
  useEffect(() => {
    if (!incoming) return
    const kept = platform.storage.get<string>(REFERRER_STORAGE_KEY)
    const next = keptReferrer(kept, incoming)
    if (next && next !== kept) platform.storage.set(REFERRER_STORAGE_KEY, next)
  }, [incoming])
}

/** The referral id to send with a registration, if the visitor arrived through a link. */
export function keptReferralId(): string | undefined {
  return keptReferrer(platform.storage.get<string>(REFERRER_STORAGE_KEY), undefined)
}

export function forgetReferralId(): void {
  platform.storage.remove(REFERRER_STORAGE_KEY)
}
