/** Alipay mini-program sign-in: my.getAuthCode's one-time code, exchanged by the server for the Alipay user id. */
import { ShopperError } from '@/domain/errors'
import type { PlatformIdentity } from './types'

interface AlipayAuthCodeResult {
  authCode?: string
}
interface AlipayNative {
  getAuthCode(options: {
    scopes: string
    success: (res: AlipayAuthCodeResult) => void
    fail: (err: { errorMessage?: string; error?: number }) => void
  }): void
}

declare const my: AlipayNative

export function signIn(): Promise<PlatformIdentity> {
  return new Promise((resolve, reject) => {
    // auth_base: silent, no consent sheet; it yields the user id, which is all sign-in needs.
    my.getAuthCode({
      scopes: 'auth_base',
      success: (res) =>
        res.authCode ? resolve({ kind: 'alipayCode', code: res.authCode }) : reject(new ShopperError('account.error.noAlipayCode', 'Alipay did not return an auth code')),
      fail: (err) => reject(new Error(err.errorMessage ?? `Alipay sign-in failed (${err.error ?? 'unknown'})`))
    })
  })
}
