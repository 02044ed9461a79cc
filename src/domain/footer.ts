/** Spec §2 "Footer": social icons, payment icons, copyright line, 'PWA POWERED BY' bar. */
export type SocialNetwork = 'instagram' | 'facebook' | 'twitter' | 'youTube' | 'linkedin' | 'pinterest'

export interface SocialAccount {
  pageURL?: string
  userName?: string
}

export type SocialConfig = Partial<Record<SocialNetwork, SocialAccount | null>>

export const SOCIAL_ORDER: readonly SocialNetwork[] = ['instagram', 'facebook', 'twitter', 'youTube', 'linkedin', 'pinterest']

function text(value: string | null | undefined): string {
  return (value ?? '').trim()
}

/**
 * instagram only when userName set (url = pageURL, else https://www.instagram.com/<userName>);
 * the others only when pageURL set; in that order.
 */
export function socialLinks(social: SocialConfig | null | undefined): { network: SocialNetwork; url: string }[] {
  const out: { network: SocialNetwork; url: string }[] = []
  for (const network of SOCIAL_ORDER) {
    const account = social?.[network]
    if (!account) continue
    if (network === 'instagram') {
      const userName = text(account.userName)
      if (!userName) continue
      out.push({ network, url: text(account.pageURL) || `https://www.instagram.com/${encodeURIComponent(userName)}` })
    } else {
      const url = text(account.pageURL)
      if (url) out.push({ network, url })
    }
  }
  return out
}

export type PaymentIcon = 'visa' | 'mastercard' | 'amex' | 'paypal' | 'wechat' | 'alipay' | 'unionpay'

export interface PaymentSupport {
  supportVisa?: boolean
  supportMasterCard?: boolean
  supportAmex?: boolean
  supportPayPal?: boolean
  supportWeChatPay?: boolean
  supportAliPay?: boolean
  supportUnionPay?: boolean
}

const PAYMENT_FLAGS: readonly [PaymentIcon, keyof PaymentSupport][] = [
  ['visa', 'supportVisa'],
  ['mastercard', 'supportMasterCard'],
  ['amex', 'supportAmex'],
  ['paypal', 'supportPayPal'],
  ['wechat', 'supportWeChatPay'],
  ['alipay', 'supportAliPay'],
  ['unionpay', 'supportUnionPay']
]

/** Each icon only if supported; inside an Alipay in-app browser all but alipay are hidden (alipay still needs support). */
export function paymentIcons(payment: PaymentSupport | null | undefined, env: { alipayBrowser: boolean }): PaymentIcon[] {
  return PAYMENT_FLAGS.filter(([icon, flag]) => payment?.[flag] === true && (!env.alipayBrowser || icon === 'alipay')).map(
    ([icon]) => icon
  )
}

/** Copyright line parts: '© {year} {storeName}. {All Rights Reserved}' — the view translates the last part. */
export function copyrightLine(year: number, storeName: string | null | undefined): { year: number; storeName: string } {
  return { year, storeName: text(storeName) }
}

/**
 * Joins the parts with the translated 'All Rights Reserved': after a full stop in English; Chinese (or Japanese) words
 * follow with a space, as "© 2026 枫玉市集 版权所有" (an English full stop among them was issue 42 p-5).
 */
export function copyrightText(parts: { year: number; storeName: string }, allRightsReserved: string): string {
  const cjk = /^[\u3000-\u9fff\uf900-\ufaff]/.test(allRightsReserved.trim())
  const head = parts.storeName ? `© ${parts.year} ${parts.storeName}` : `© ${parts.year}`
  return cjk ? `${head} ${allRightsReserved.trim()}` : `${head}. ${allRightsReserved}`
}

export interface PowerByConfig {
  hidePowerBy?: boolean
  powerByName?: string
  powerByFullUrl?: string
  showPowerByNameOnly?: boolean
  /** The default provider's site: its name in the bar links there. */
  defaultPowerByUrl?: string
}

export type PoweredBy =
  | { kind: 'hidden' }
  | { kind: 'spacer' }
  | { kind: 'bar'; name?: string; url?: string; showDefaultLink: boolean; showJoiner: boolean; defaultUrl?: string }

/**
 * hidePowerBy → hidden (a spacer instead inside a WeChat mini-program).
 * Otherwise the bar: the default provider link, then '&' and the configured name/link.
 * showPowerByNameOnly hides the default link and the '&'; the '&' also needs a name to join. The default provider
 * links to defaultPowerByUrl when the store names it. A configured name that is the default provider's own
 * (defaultProviderName, compared without case) is shown once, as the named link ("iStore & iStore" otherwise),
 * linking to the configured site or else the default one.
 */
export function poweredBy(
  config: PowerByConfig | null | undefined,
  env: { weChatMiniProgram: boolean; weChatMiniProgramWebView: boolean },
  defaultProviderName: string
): PoweredBy {
  // "Inside a WeChat mini-program": the native build or this H5 page in a WeChat mini-program's web-view.
  if (config?.hidePowerBy) return env.weChatMiniProgram || env.weChatMiniProgramWebView ? { kind: 'spacer' } : { kind: 'hidden' }
  const name = text(config?.powerByName) || undefined
  const url = text(config?.powerByFullUrl) || undefined
  const defaultUrl = text(config?.defaultPowerByUrl) || undefined
  if (config?.showPowerByNameOnly) return { kind: 'bar', name, url, showDefaultLink: false, showJoiner: false }
  if (name && name.toLowerCase() === defaultProviderName.trim().toLowerCase()) {
    return { kind: 'bar', name, url: url ?? defaultUrl, showDefaultLink: false, showJoiner: false }
  }
  return { kind: 'bar', name, url, showDefaultLink: true, showJoiner: !!name, defaultUrl }
}
