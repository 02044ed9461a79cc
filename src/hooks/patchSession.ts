/** Changes one or two of app info's signed-in fields (membership, referral group) in place, without a reload. */
import type { AppInfo } from '@/api/appInfo'
import { useAppInfo } from '@/stores/appInfo'

export function patchSession(patch: Partial<Pick<AppInfo, 'membership' | 'referrerUserGroup'>>): void {
  const app = useAppInfo.getState()
  const { user, userID, lastLoginDate, myID, referrerUserGroup = null, membership = null } = app.info ?? {}
  if (!user || !userID || !lastLoginDate || myID === undefined) return
  app.setSession({ user, userID, lastLoginDate, myID, referrerUserGroup, membership, ...patch })
}
