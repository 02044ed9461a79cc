/** WeChat mini-program. */
import Taro from '@tarojs/taro'
import { back, setTitleBar, systemLanguage, taroStorage, windowWidth } from './common'
import { dialPhone, miniProgramConnectivity, miniProgramCookies, miniProgramCurrentRoute, miniProgramNavigate, openHostPage } from './miniProgram'
import { signIn } from './signIn.weapp'
import type { Environment, Platform } from './types'
import { payWeChatMiniProgram, topUpWeChatMiniProgram } from './pay.weapp'

export * from './types'

const env: Environment = {
  kind: 'weapp',
  miniProgram: true,
  weChatMiniProgram: true,
  alipayMiniProgram: false,
  weChatBrowser: false,
  weChatMiniProgramWebView: false,
  alipayBrowser: false,
  mobile: true
}

export const platform: Platform = {
  signIn,
  environment: () => env,
  apiOrigin: () => ISTORE_API_ORIGIN,
  cookies: miniProgramCookies(),
  currentRoute: miniProgramCurrentRoute,
  navigate: miniProgramNavigate,
  back,
  openMiniProgramPage: openHostPage,
  openExternal(url) {
    // Mini-programs cannot open arbitrary sites; copy the link so the shopper can open it in a browser.
    Taro.setClipboardData({ data: url })
  },
  dial: dialPhone,
  support: 'conversation',
  storage: taroStorage,
  userAgent: () => 'WeChat MiniProgram',
  deviceLanguage: systemLanguage,
  windowWidth,
  describePage: setTitleBar,
  // The page's share menu (useShareAppMessage) shares on mini-programs.
  share: () => false,
  shareSheet: 'open-type',
  sharePage: async () => 'failed',
  copyLink: async () => false,
  connectivity: miniProgramConnectivity(),
  // app.config.ts preloadRule does it for the mini-programs.
  preloadLazyAreas: () => undefined,
  pay: payWeChatMiniProgram,
  topUp: topUpWeChatMiniProgram,
  virtualGoodsPurchase: () => !/ios/i.test(systemPlatform())
}

let devicePlatform: string | undefined
function systemPlatform(): string {
  if (devicePlatform === undefined) {
    try {
      devicePlatform = Taro.getSystemInfoSync().platform ?? ''
    } catch {
      devicePlatform = ''
    }
  }
  return devicePlatform
}
