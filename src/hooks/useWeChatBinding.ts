/**
 * My account's WeChat link (spec §7 GET /wechat/bind), inside the WeChat mini-program where WeChat gives the shopper's
 * identity: whether this e-mail account is linked to their WeChat, and linking it (wx.login's code → wechat/login, which
 * leaves the new WeChat identity waiting in the session → wechat/bind joins it to the signed-in account).
 */
import { useCallback, useState } from 'react'
import { wechatApi } from '@/api/wechat'
import { messageOf } from '@/domain/errors'
import { platform } from '@/platform'
import { useSession } from '@/stores/session'
import { useLoad } from './useLoad'

export function useWeChatBinding() {
  const [available] = useState(() => platform.environment().weChatMiniProgram)
  const status = useLoad(wechatApi.bind, available)
  const [linking, setLinking] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const link = useCallback(async () => {
    setLinking(true)
    setError(null)
    try {
      const identity = await platform.signIn()
      if (identity.kind !== 'wechatCode') throw new Error('WeChat did not return a login code')
      const answer = await wechatApi.login(identity.code)
      useSession.getState().setWeChatOpenId(answer.weChatOpenId)
      // RETURNING: this WeChat is already this account's (the server refuses another account's); bind says so.
      status.setData(await wechatApi.bind())
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setLinking(false)
    }
  }, [status])

  return { available, bound: status.data?.bound ?? null, loadError: status.error, reload: status.reload, link, linking, error }
}
