/** Store-credit top-up in the WeChat mini-program; in the user sub-package with the page that offers it, not in main. */
import Taro from '@tarojs/taro'
import { depositApi } from '@/api/deposits'
import { ShopperError } from '@/domain/errors'
import { requestPayment } from './pay.weapp'
import type { TopUpOutcome, TopUpRequest } from '@/platform/types'

/** A store-credit top-up: wx.login's code, the server's prepay, WeChat's sheet, then the sheet's result to the server. */
export async function topUp({ amount }: TopUpRequest): Promise<TopUpOutcome> {
  const { code } = await Taro.login()
  const { depositID, weChatPayInfo } = await depositApi.apply({ amount, channel: 'WECHAT_MINI_PROGRAM', wechatCode: code })
  if (!weChatPayInfo) throw new ShopperError('checkout.error.weChatPayNotStarted', 'WeChat Pay did not start')
  const errorMessage = await requestPayment(weChatPayInfo)
  const deposit = await depositApi.status(errorMessage === null ? { depositID, clientReport: 'PAID' } : { depositID, clientReport: 'FAILED', errorMessage })
  return { kind: 'settled', deposit }
}
