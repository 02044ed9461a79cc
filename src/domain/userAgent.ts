/** Spec §4 "WeChat browser" and §2 header control per device kind. */
export function isWeChatBrowser(ua: string | null | undefined): boolean {
  return /micromessenger|webbrowser/i.test(ua ?? '')
}

export function isAlipayBrowser(ua: string | null | undefined): boolean {
  return /alipayclient/i.test(ua ?? '')
}

export function isMobileUserAgent(ua: string | null | undefined): boolean {
  return /android|iphone|ipad|ipod|mobile|blackberry|iemobile|opera mini|webos|harmonyos/i.test(ua ?? '')
}

/**
 * The mini-program whose web-view shows this H5 page. WeChat: its JS-SDK environment `window.__wxjs_environment ===
 * 'miniprogram'`, or (before WeChatJSBridgeReady) the user agent's `miniProgram` next to MicroMessenger. Alipay: the
 * user agent carries `AlipayClient` and `MiniProgram` (Alipay's `my.getEnv` needs its bridge script, loaded only then).
 */
export type MiniProgramHost = 'wechat' | 'alipay' | null

export function miniProgramHost(ua: string | null | undefined, wxjsEnvironment?: string): MiniProgramHost {
  const embedded = wxjsEnvironment === 'miniprogram' || /miniprogram/i.test(ua ?? '')
  if (!embedded) return null
  if (isAlipayBrowser(ua)) return 'alipay'
  if (isWeChatBrowser(ua) || wxjsEnvironment === 'miniprogram') return 'wechat'
  return null
}

/** The device kinds the client sees itself (platform environment). */
export interface DeviceEnv {
  miniProgram: boolean
  weChatMiniProgramWebView: boolean
  alipayMiniProgramWebView: boolean
  alipayBrowser: boolean
  mobile: boolean
}

/** appDetail's device flags: the server's reading of the same request's user agent (spec §3 appDetail). */
export interface DeviceDetail {
  isWmp?: boolean
  isAac?: boolean
  isMobile?: boolean
}

/**
 * The header's device kind. A mini-program web-view is a mini-program (spec "Header can be hidden per device kind
 * (mini-program, …)"); each kind is also taken from app info's appDetail (isWmp, isAac, isMobile), so a store that
 * marks itself a mini-program (isWmp) or a user agent the server recognises counts even where the client's own
 * sniffing does not.
 */
export function headerDeviceKind(env: DeviceEnv, detail?: DeviceDetail | null): HeaderEnv {
  return {
    miniProgram: env.miniProgram || env.weChatMiniProgramWebView || env.alipayMiniProgramWebView || detail?.isWmp === true,
    alipayBrowser: env.alipayBrowser || detail?.isAac === true,
    mobile: env.mobile || detail?.isMobile === true
  }
}

export interface HeaderEnv {
  miniProgram: boolean
  alipayBrowser: boolean
  mobile: boolean
}

export interface HeaderControl {
  notDisplayheaderInMP?: boolean
  notDisplayheaderInAli?: boolean
  notDisplayheaderInMobile?: boolean
  notDisplayheaderInDesktop?: boolean
}

/**
 * Header hidden when any flag matching the device kind is set. Kinds overlap (an Alipay browser is also
 * mobile), so each applicable flag can hide it. "Desktop" means none of mini-program, Alipay browser, mobile.
 */
export function headerVisible(env: HeaderEnv, control?: HeaderControl | null): boolean {
  if (!control) return true
  if (env.miniProgram && control.notDisplayheaderInMP) return false
  if (env.alipayBrowser && control.notDisplayheaderInAli) return false
  if (env.mobile && control.notDisplayheaderInMobile) return false
  const desktop = !env.miniProgram && !env.alipayBrowser && !env.mobile
  if (desktop && control.notDisplayheaderInDesktop) return false
  return true
}
