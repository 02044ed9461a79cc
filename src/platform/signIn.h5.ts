/** H5 sign-in: only WeChat's browser has a platform identity, reached through its OAuth page. */
import { isWeChatBrowser } from '@/domain/userAgent'
import type { PlatformIdentity, SignInOptions } from './types'

export async function signIn(options: SignInOptions = {}): Promise<PlatformIdentity> {
  if (!isWeChatBrowser(navigator.userAgent) || !options.weChatAuthorizeUrl) return { kind: 'unsupported' }
  window.location.assign(options.weChatAuthorizeUrl)
  return { kind: 'redirect', url: options.weChatAuthorizeUrl }
}
