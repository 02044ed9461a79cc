/**
 * H5 sign-in: WeChat's browser through its OAuth page; Alipay's in-app browser through its JS bridge's auth code
 * (getAuthCode for the store's Alipay app, silent auth_base scope). Other browsers have no platform identity.
 */
import { isAlipayBrowser, isWeChatBrowser } from '@/domain/userAgent'
import type { PlatformIdentity, SignInOptions } from './types'

interface AlipayBridge {
  call(api: 'getAuthCode', params: { appId: string; scopeNicks: string[] }, callback: (result: { authCode?: string; errorMessage?: string; error?: number }) => void): void
}

/** Alipay's bridge is injected a moment after the page starts; it announces itself with AlipayJSBridgeReady. */
function alipayBridge(): Promise<AlipayBridge> {
  const ready = (window as unknown as { AlipayJSBridge?: AlipayBridge }).AlipayJSBridge
  if (ready) return Promise.resolve(ready)
  return new Promise((resolve) => {
    document.addEventListener('AlipayJSBridgeReady', () => resolve((window as unknown as { AlipayJSBridge: AlipayBridge }).AlipayJSBridge), { once: true })
  })
}

async function alipayAuthCode(appId: string): Promise<string> {
  const bridge = await alipayBridge()
  return new Promise((resolve, reject) => {
    bridge.call('getAuthCode', { appId, scopeNicks: ['auth_base'] }, (result) => {
      if (result.authCode) resolve(result.authCode)
      else reject(new Error(result.errorMessage || `Alipay did not give an auth code (${result.error ?? 'cancelled'})`))
    })
  })
}

export async function signIn(options: SignInOptions = {}): Promise<PlatformIdentity> {
  const ua = navigator.userAgent
  if (isAlipayBrowser(ua) && options.alipayAppId) return { kind: 'alipayCode', code: await alipayAuthCode(options.alipayAppId) }
  if (!isWeChatBrowser(ua) || !options.weChatAuthorizeUrl) return { kind: 'unsupported' }
  window.location.assign(options.weChatAuthorizeUrl)
  return { kind: 'redirect', url: options.weChatAuthorizeUrl }
}
