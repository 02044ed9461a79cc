/**
 * WeChat's own browser (H5 inside WeChat) knows the shopper through WeChat's OAuth page, which belongs to the store's
 * WeChat official account: sign-in (/account/login) and linking (My account) are offered there only when the store
 * has one — spec §7 GET /common3/wcoaId answers its app id, empty when there is none — and the server hands out the
 * OAuth address for it (GET /wechat/enabled, carrying the return address and the state it checks on the way back).
 */
import { useEffect, useState } from 'react'
import { wechatApi } from '@/api/wechat'

/** WeChat's OAuth page that returns to `returnUrl` with ?code=&state=, or undefined when the store offers none. */
export async function weChatAuthorizeUrl(returnUrl: string): Promise<string | undefined> {
  const { appId } = await wechatApi.officialAccountId()
  if (!appId.trim()) return undefined
  const answer = await wechatApi.enabled(returnUrl)
  return answer.enabled ? answer.authorizeUrl : undefined
}

/** The OAuth address once known (undefined while asking, when not `wanted`, or when the store has none). */
export function useWeChatAuthorizeUrl(returnUrl: () => string, wanted: boolean): string | undefined {
  const [authorizeUrl, setAuthorizeUrl] = useState<string | undefined>()
  useEffect(() => {
    if (!wanted) return
    let live = true
    weChatAuthorizeUrl(returnUrl())
      .then((url) => live && setAuthorizeUrl(url))
      .catch(() => live && setAuthorizeUrl(undefined))
    return () => {
      live = false
    }
    // Asked once per page: the state cookie the answer sets is the one the way back is checked against.
  }, [wanted])
  return authorizeUrl
}
