/**
 * Platform-identity state of the shopper (spec §3 client state "WeChat open id"): the open id WeChat Pay needs,
 * and an identity the server has seen but no account owns yet (it must be registered or linked next).
 */
import { create } from 'zustand'
import { platform } from '@/platform'

export type IdentityProvider = 'wechat' | 'alipay'

const OPEN_ID_KEY = 'istore.weChatOpenId'

interface SessionState {
  weChatOpenId: string | null
  pendingIdentity: IdentityProvider | null
  setWeChatOpenId(openId: string | undefined): void
  setPendingIdentity(provider: IdentityProvider | null): void
  /** Sign-out: the open id belongs to the account that signed out. */
  clear(): void
}

export const useSession = create<SessionState>((set) => ({
  weChatOpenId: platform.storage.get<string>(OPEN_ID_KEY) ?? null,
  pendingIdentity: null,
  setWeChatOpenId(openId) {
    if (!openId) return
    platform.storage.set(OPEN_ID_KEY, openId)
    set({ weChatOpenId: openId })
  },
  setPendingIdentity: (provider) => set({ pendingIdentity: provider }),
  clear() {
    platform.storage.remove(OPEN_ID_KEY)
    set({ weChatOpenId: null, pendingIdentity: null })
  }
}))
