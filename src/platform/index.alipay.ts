/** Alipay mini-program. */
import { miniProgramPlatform } from './miniProgram'
import { signIn } from './signIn.alipay'
import type { Platform } from './types'
import { privacy } from './privacy.alipay'
import { showSharePanel } from './share.alipay'

export * from './types'

export const platform: Platform = miniProgramPlatform({
  kind: 'alipay',
  signIn,
  privacy,
  // my.requestSubscribeMessage exists (opendocs.alipay.com/mini/api/requestSubscribeMessage), but the server does not send
  // Alipay's messages (server/README.md "Order messages on the platforms"): asking for what never comes would mislead.
  requestOrderMessages: async () => [],
  // WeChat's order-shipping service has no Alipay counterpart the store uses.
  paymentOfMessage: () => null,
  confirmReceipt: async () => 'unavailable',
  support: 'page',
  userAgent: () => 'Alipay MiniProgram',
  shareSheet: 'panel',
  sharePage: showSharePanel,
  virtualGoodsPurchase: () => true,
  livePlayer: 'inWeChat'
})
