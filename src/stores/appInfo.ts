/** App info (spec §3), loaded at start-up; a failure is only logged (spec §7) and the shell renders anyway. */
import { create } from 'zustand'
import { appInfoApi, type AppInfo } from '@/api/appInfo'
import { isLoggedIn } from '@/domain/session'

type Status = 'idle' | 'loading' | 'ready' | 'failed'

export interface AppInfoState {
  info: AppInfo | null
  status: Status
  load(): Promise<void>
  /** Replaces the signed-in fields after sign-in / sign-out without reloading everything. */
  setSession(session: Pick<AppInfo, 'user' | 'userID' | 'lastLoginDate' | 'myID' | 'referrerUserGroup' | 'membership' | 'emailVerified'> | null): void
}

export const useAppInfo = create<AppInfoState>((set, get) => ({
  info: null,
  status: 'idle',
  async load() {
    set({ status: 'loading' })
    try {
      set({ info: await appInfoApi.init(), status: 'ready' })
    } catch (err) {
      console.error('App info failed to load', err)
      set({ status: 'failed' })
    }
  },
  setSession(session) {
    const info = get().info
    if (!info) return
    const { user: _u, userID: _id, lastLoginDate: _d, myID: _m, referrerUserGroup: _r, membership: _ms, emailVerified: _ev, ...rest } = info
    set({ info: { ...rest, ...(session ?? {}) } })
  }
}))

export const selectLoggedIn = (s: AppInfoState) => isLoggedIn(s.info)
export const selectConfig = (s: AppInfoState) => s.info?.appContent.system.appConfig ?? {}
export const selectContent = (s: AppInfoState) => s.info?.appContent
