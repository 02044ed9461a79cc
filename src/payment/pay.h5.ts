/**
 * H5 payment. In a normal browser: the hosted (redirect) flow of the chosen provider — the server answers the
 * provider's page, the browser goes there, and the provider sends the shopper back to /confirmation?from_source=….
 * In the WeChat browser: WeChat OAuth first (back to /processpay?code=…), then the in-page JSAPI payment through
 * WeixinJSBridge, whose every result (ok, cancel, fail) goes to /confirmation?from_source=weixin_js&status=ok&oid=…
 * (spec §4); the confirmation page then asks the server for the real state.
 */
import Taro from '@tarojs/taro'
import { paymentsApi, type WeChatPayInfo } from '@/api/payments'
import { wechatApi } from '@/api/wechat'
import { paysInWeChatPage } from '@/domain/paymentMethods'
import { withWeChatQr } from '@/domain/confirmationSource'
import { isWeChatBrowser } from '@/domain/userAgent'
import { depositApi } from '@/api/deposits'
import { ShopperError } from '@/domain/errors'
import type { PaymentOutcome, PaymentRequest, TopUpOutcome, TopUpRequest } from '@/platform/types'

interface WeixinJSBridgeResult {
  err_msg?: string
}
interface WeixinJSBridge {
  invoke(name: 'getBrandWCPayRequest', params: WeChatPayInfo, callback: (res: WeixinJSBridgeResult) => void): void
}

/** How long to wait for WeChat to inject its bridge before telling the shopper it is missing. */
const BRIDGE_WAIT_MS = 5000
export const BRIDGE_MISSING = 'WeChat Pay is only available inside WeChat'
const bridgeMissing = () => new ShopperError('checkout.error.weChatPayOutsideWeChat', BRIDGE_MISSING)

function weixinBridge(): Promise<WeixinJSBridge> {
  const existing = (window as unknown as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge
  if (existing) return Promise.resolve(existing)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(bridgeMissing()), BRIDGE_WAIT_MS)
    document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        clearTimeout(timer)
        const bridge = (window as unknown as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge
        if (bridge) resolve(bridge)
        else reject(bridgeMissing())
      },
      { once: true }
    )
  })
}

export const weixinJsConfirmationUrl = (orderID: string) => `/confirmation?from_source=weixin_js&status=ok&oid=${encodeURIComponent(orderID)}`

/**
 * /processpay: provider WECHATPAY with the OAuth code, then WeChat's in-page sheet; or, where the store's WeChat-browser
 * provider answers its own page (IOTPay's payForSubmit), that page, which returns to the confirmation.
 */
async function payWithWeixinJsBridge(orderID: string, wechatCode: string): Promise<PaymentOutcome> {
  const answer = await paymentsApi.requestNativeJsApi(orderID, window.location.origin, wechatCode)
  if ('redirectUrl' in answer) return leaveFor(answer.redirectUrl)
  const { weChatPayInfo } = answer
  const bridge = await weixinBridge()
  const result = await new Promise<WeixinJSBridgeResult>((resolve) => bridge.invoke('getBrandWCPayRequest', weChatPayInfo, resolve))
  Taro.redirectTo({ url: weixinJsConfirmationUrl(orderID) })
  const message = result.err_msg ?? ''
  if (message === 'get_brand_wcpay_request:ok') return { kind: 'paid', orderID }
  if (message === 'get_brand_wcpay_request:cancel') return { kind: 'cancelled', orderID }
  return { kind: 'failed', orderID, message }
}

/** In the WeChat browser: WeChat's OAuth page, which returns to /processpay with the code (null when not offered). */
async function weChatAuthorizeUrl(orderID: string): Promise<string | null> {
  try {
    const { enabled, authorizeUrl } = await wechatApi.enabled(`${window.location.origin}/processpay?oid=${encodeURIComponent(orderID)}`)
    return enabled && authorizeUrl ? authorizeUrl : null
  } catch {
    // WeChat sign-in is not configured on this server: the hosted flow below still works in the WeChat browser.
    return null
  }
}

/** The browser leaving the store for a provider's or WeChat's page (the boundary adapter tests fake). */
export const browserExit = {
  assign(url: string): void {
    window.location.assign(url)
  }
}

const choosePaymentMethod = () => new ShopperError('checkout.error.paymentMethod', 'Choose a payment method')

function leaveFor(url: string): PaymentOutcome {
  browserExit.assign(url)
  return { kind: 'redirect', url }
}

export async function pay({ orderID, channel, weChatCode }: PaymentRequest): Promise<PaymentOutcome> {
  if (weChatCode) return payWithWeixinJsBridge(orderID, weChatCode)
  if (isWeChatBrowser(navigator.userAgent) && paysInWeChatPage(channel)) {
    const authorizeUrl = await weChatAuthorizeUrl(orderID)
    if (authorizeUrl) return leaveFor(authorizeUrl)
  }
  if (!channel) throw choosePaymentMethod()
  const { redirectUrl, qrCode } = await paymentsApi.requestHosted(channel, orderID, window.location.origin)
  // WeChat Pay's Native payment (a desktop browser): the confirmation page shows the code to scan while it checks.
  return leaveFor(qrCode ? withWeChatQr(redirectUrl, qrCode) : redirectUrl)
}

/** A store-credit top-up in the browser: the chosen method's hosted page, which returns to /user/list?deposit=…. */
export async function topUpInBrowser({ amount, channel }: TopUpRequest): Promise<TopUpOutcome> {
  if (!channel) throw choosePaymentMethod()
  const { redirectUrl } = await depositApi.apply({ amount, channel, returnUrlInfo: window.location.origin })
  if (!redirectUrl) throw new ShopperError('checkout.error.paymentPageMissing', 'The payment page is missing')
  browserExit.assign(redirectUrl)
  return { kind: 'redirect', url: redirectUrl }
}
