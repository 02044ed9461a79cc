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
  support: 'page',
  userAgent: () => 'Alipay MiniProgram',
  shareSheet: 'panel',
  sharePage: showSharePanel,
  virtualGoodsPurchase: () => true,
  livePlayer: 'inWeChat'
})
