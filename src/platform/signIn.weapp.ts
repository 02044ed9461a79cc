/** WeChat mini-program sign-in: wx.login's one-time code, exchanged by the server for the open id. */
import Taro from '@tarojs/taro'
import { ShopperError } from '@/domain/errors'
import type { PlatformIdentity } from './types'

export async function signIn(): Promise<PlatformIdentity> {
  const { code } = await Taro.login()
  if (!code) throw new ShopperError('account.error.noWeChatCode', 'WeChat did not return a login code')
  return { kind: 'wechatCode', code }
}
