/** WeChat mini-program. */
import Taro from '@tarojs/taro'
import { livePlayerPage } from '@/domain/livePlayer'
import { miniProgramPlatform, openHostPage } from './miniProgram'
import { signIn } from './signIn.weapp'
import type { Platform } from './types'
import { privacy } from './privacy.weapp'
import { requestOrderMessages } from './orderMessages.weapp'
import { confirmReceipt, paymentOfMessage } from './confirmReceipt.weapp'

export * from './types'

export const platform: Platform = miniProgramPlatform({
  kind: 'weapp',
  signIn,
  privacy,
  requestOrderMessages,
  paymentOfMessage,
  confirmReceipt,
  support: 'conversation',
  userAgent: () => 'WeChat MiniProgram',
  shareSheet: 'open-type',
  sharePage: async () => 'failed',
  virtualGoodsPurchase: () => !/ios/i.test(systemPlatform()),
  livePlayer: ISTORE_WECHAT_LIVE_PLAYER ? 'plugin' : 'notInBuild',
  playLiveRoom: (roomId) => openHostPage(livePlayerPage(roomId))
})

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
