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
