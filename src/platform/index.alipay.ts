/** Alipay mini-program. */
import Taro from '@tarojs/taro'
import { back, setTitleBar, systemLanguage, taroStorage, windowWidth } from './common'
import { dialPhone, miniProgramConnectivity, miniProgramCookies, miniProgramCurrentRoute, miniProgramNavigate, openHostPage } from './miniProgram'
import { signIn } from './signIn.alipay'
import type { Environment, Platform } from './types'
import { payAlipayMiniProgram, topUpAlipayMiniProgram } from './pay.alipay'
import { showSharePanel } from './share.alipay'

export * from './types'

const env: Environment = {
  kind: 'alipay',
  miniProgram: true,
  weChatMiniProgram: false,
  alipayMiniProgram: true,
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
  support: 'page',
  storage: taroStorage,
  userAgent: () => 'Alipay MiniProgram',
  deviceLanguage: systemLanguage,
  windowWidth,
  describePage: setTitleBar,
  // The page's share menu (useShareAppMessage) shares on mini-programs.
  share: () => false,
  shareSheet: 'panel',
  sharePage: showSharePanel,
  copyLink: async () => false,
  connectivity: miniProgramConnectivity(),
  // app.config.ts preloadRule does it for the mini-programs.
  preloadLazyAreas: () => undefined,
  pay: payAlipayMiniProgram,
  topUp: topUpAlipayMiniProgram,
  virtualGoodsPurchase: () => true
}
