/** My account (/user/list): the signed-in guard, profile and picture, store credit, sign-out (verified contact: useVerifiedContact). */
import { useEffect, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { accountApi, type StoreCredit } from '@/api/account'
import { ApiError } from '@/api/http'
import { signInUrlFor, validateProfile, type ProfileValues } from '@/domain/accountForms'
import { platform } from '@/platform'
import { selectLoggedIn, useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { usePrivacyPromptStore } from '@/stores/privacyPrompt'
import { useSession } from '@/stores/session'
import { useAccountForm } from './useAccountForm'
import { useLoad } from './useLoad'
import { useT } from './useT'

/**
 * Spec §6: only signed-in shoppers see my account and order detail. Guests arriving here are sent to sign-in
 * with a `redirect` back (`returnTo`, when the page's query matters; else its path). Waits for app info first so a signed-in shopper is not bounced while it loads; a
 * shopper who signs out on the page is not bounced either (signOut takes them home).
 */
export function useRequireUser(returnTo?: string): { ready: boolean } {
  const status = useAppInfo((s) => s.status)
  const loggedIn = useAppInfo(selectLoggedIn)
  const settled = status === 'ready' || status === 'failed'
  const wasSignedIn = useRef(false)
  if (loggedIn) wasSignedIn.current = true
  useEffect(() => {
    if (!settled || loggedIn || wasSignedIn.current) return
    platform.navigate(signInUrlFor(returnTo ?? platform.currentRoute().path), 'replace')
  }, [settled, loggedIn, returnTo])
  return { ready: settled && loggedIn }
}

export async function signOut(): Promise<void> {
  await accountApi.logout()
  useAppInfo.getState().setSession(null)
  useSession.getState().clear()
  // The server starts an empty guest cart on logout.
  await useCart.getState().load()
  platform.navigate('/', 'relaunch')
}

/**
 * Lets the shopper pick one picture (profile picture, ID photo); its local path for `upload()`, or null when the picker
 * was closed or the shopper did not agree to the privacy guide. Album only: phones still offer the camera from their picker, and both sources would make Taro's H5 ask
 * first in a sheet it only words in Chinese.
 */
export async function chooseOneImage(): Promise<string | null> {
  // The album is a privacy API: the shopper's agreement to the privacy guide first; refused, nothing is chosen and the
  // shell's privacy notice says why (components/shell/PrivacyPrompt).
  if (!(await platform.privacy.require('chooseImage'))) {
    usePrivacyPromptStore.getState().declined('chooseImage')
    return null
  }
  try {
    const chosen = await Taro.chooseImage({ count: 1, sizeType: ['compressed'], sourceType: ['album'] })
    return chosen.tempFilePaths[0] ?? null
  } catch {
    return null // The shopper closed the picker.
  }
}

export function useProfile() {
  const t = useT()
  const info = useAppInfo((s) => s.info)
  const user = info?.user
  const [editing, setEditing] = useState(false)
  const form = useAccountForm<ProfileValues>({ firstName: '', lastName: '', phone: '' }, validateProfile)
  const [imageBusy, setImageBusy] = useState(false)
  const [imageError, setImageError] = useState<string | null>(null)

  const replaceUser = (next: NonNullable<typeof user>) => {
    const current = useAppInfo.getState().info
    if (!current) return
    const { user: _old, ...rest } = current
    useAppInfo.getState().setSession({
      user: next,
      userID: rest.userID,
      lastLoginDate: rest.lastLoginDate,
      myID: rest.myID,
      referrerUserGroup: rest.referrerUserGroup,
      membership: rest.membership
    })
  }

  const startEditing = () => {
    form.setValues({ firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', phone: user?.phone ?? '' })
    setEditing(true)
  }

  const save = () =>
    form.submit(async (values) => {
      const updated = await accountApi.updateProfile({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phone: values.phone.trim()
      })
      replaceUser({ ...user, ...updated.user })
      setEditing(false)
    })

  const changeImage = async () => {
    setImageError(null)
    const filePath = await chooseOneImage()
    if (!filePath) return
    setImageBusy(true)
    try {
      const { profileImage } = await accountApi.uploadProfileImage(filePath)
      if (user) replaceUser({ ...user, profileImage })
    } catch (err) {
      setImageError(t('user.profile.imageFailed', { message: err instanceof ApiError ? err.message : String(err) }))
    } finally {
      setImageBusy(false)
    }
  }

  return { user, editing, startEditing, cancelEditing: () => setEditing(false), form, save, changeImage, imageBusy, imageError }
}

export function useStoreCredit() {
  const { data, error, reload } = useLoad(accountApi.storeCreditHistory)
  const credit: StoreCredit | null = data ? { balance: data.balance, currency: data.currency } : null
  return { credit, history: data?.entries ?? [], error, reload }
}
