/**
 * My account's WeChat link (spec §7 GET /wechat/bind), wherever WeChat gives the shopper's identity: whether this
 * e-mail account is linked to their WeChat, and linking it.
 * - WeChat mini-program: wx.login's code → wechat/login, which leaves the new WeChat identity waiting in the session →
 *   wechat/bind joins it to the signed-in account.
 * - WeChat's own browser (H5; the platform tells it by its user agent), when the store has a WeChat official account
 *   (useWeChatOAuth): WeChat's OAuth page, back to /user/list?wechatLink=1&code=&state= → wechat/weChatlogin (the
 *   identity waits in the session) → wechat/bind.
 * The server refuses a WeChat already linked to another store account (409), with the reason shown.
 */
import { useCallback, useEffect, useState } from 'react'
import { wechatApi } from '@/api/wechat'
import { messageOf, ShopperError } from '@/domain/errors'
import { platform } from '@/platform'
import { useSession } from '@/stores/session'
import { useLoad } from './useLoad'
import { useRoute } from './useRoute'
import { useWeChatAuthorizeUrl } from './useWeChatOAuth'
import { useT } from './useT'

/** Where WeChat's OAuth page sends the browser back to: this page, marked as a link (not a sign-in). */
const linkReturnUrl = () => `${window.location.origin}/user/list?wechatLink=1`

export function useWeChatBinding() {
  const t = useT()
  const route = useRoute()
  const [env] = useState(() => platform.environment())
  const miniProgram = env.weChatMiniProgram
  const browser = env.weChatBrowser
  /** Back from WeChat's OAuth page with a code to link. */
  const [returnCode] = useState(() => (browser && route.params.wechatLink === '1' ? route.params.code : undefined))
  const authorizeUrl = useWeChatAuthorizeUrl(linkReturnUrl, browser && !returnCode)
  const available = miniProgram || (browser && (authorizeUrl !== undefined || returnCode !== undefined))
  const status = useLoad(wechatApi.bind, miniProgram || (browser && authorizeUrl !== undefined))
  const [linking, setLinking] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const run = useCallback(
    async (work: () => Promise<void>) => {
      setLinking(true)
      setError(null)
      try {
        await work()
      } catch (err) {
        setError(messageOf(err, t))
      } finally {
        setLinking(false)
      }
    },
    [t]
  )

  /** The WeChat identity now waits in the session (or is already this account's): bind joins it and says so. */
  const bind = useCallback(
    async (weChatOpenId: string | undefined) => {
      useSession.getState().setWeChatOpenId(weChatOpenId)
      status.setData(await wechatApi.bind())
    },
    [status]
  )

  // Back from WeChat's OAuth page: finish the link once (the code is single-use).
  useEffect(() => {
    if (!returnCode) return
    void run(async () => bind((await wechatApi.weChatLogin(returnCode, route.params.state)).weChatOpenId))
  }, [])

  const link = useCallback(
    () =>
      run(async () => {
        const identity = await platform.signIn({ weChatAuthorizeUrl: authorizeUrl })
        // 'redirect': the browser is on its way to WeChat and comes back to this page with ?code=.
        if (identity.kind === 'redirect') return
        if (identity.kind !== 'wechatCode') throw new ShopperError('account.error.noWeChatCode', 'WeChat did not return a login code')
        await bind((await wechatApi.login(identity.code)).weChatOpenId)
      }),
    [run, bind, authorizeUrl]
  )

  return { available, bound: status.data?.bound ?? null, loadError: status.error, reload: status.reload, link, linking, error }
}
