/**
 * Sign-in (/account/login): e-mail and password everywhere; WeChat in the WeChat mini-program and browser,
 * Alipay in the Alipay mini-program. A platform identity the server does not know yet is kept pending and
 * the same e-mail form then links it to an existing account (or the sign-up form registers a new one).
 */
import { useEffect, useState } from 'react'
import { accountApi, sessionFields, type IdentitySignIn, type SessionFields } from '@/api/account'
import { alipayApi } from '@/api/alipay'
import { wechatApi } from '@/api/wechat'
import { explainSignInError, redirectAfterSignIn, validateSignIn, type SignInValues } from '@/domain/accountForms'
import { messageOf } from '@/domain/errors'
import { platform } from '@/platform'
import { useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { useSession, type IdentityProvider } from '@/stores/session'
import { useAccountForm } from './useAccountForm'
import { useRoute } from './useRoute'
import { useT } from './useT'
import { useWeChatAuthorizeUrl } from './useWeChatOAuth'

/** Puts the signed-in fields into app info (header, menus, tab bar follow) and shows the carried-over cart. */
export async function finishSignIn(answer: SessionFields): Promise<void> {
  useAppInfo.getState().setSession(sessionFields(answer))
  useSession.getState().setPendingIdentity(null)
  await useCart.getState().load()
}

/** Which platform sign-in this environment offers. */
export type PlatformSignIn = 'wechatMiniProgram' | 'alipayMiniProgram' | 'wechatBrowser' | 'alipayBrowser' | null

function platformSignInKind(): PlatformSignIn {
  const env = platform.environment()
  if (env.weChatMiniProgram) return 'wechatMiniProgram'
  if (env.alipayMiniProgram) return 'alipayMiniProgram'
  if (env.weChatBrowser) return 'wechatBrowser'
  if (env.alipayBrowser) return 'alipayBrowser'
  return null
}

const providerOf = (kind: Exclude<PlatformSignIn, null>): IdentityProvider => (kind === 'alipayMiniProgram' || kind === 'alipayBrowser' ? 'alipay' : 'wechat')

/** The absolute address WeChat's OAuth page sends the browser back to (this page, keeping `redirect`). */
function oauthReturnUrl(redirect: string | undefined): string {
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''
  return `${window.location.origin}${window.location.pathname}${query}`
}

export function useSignIn() {
  const t = useT()
  const route = useRoute()
  const redirect = route.params.redirect
  const destination = redirectAfterSignIn(redirect)
  const pendingIdentity = useSession((s) => s.pendingIdentity)
  const form = useAccountForm<SignInValues>({ emailID: '', password: '' }, validateSignIn, explainSignInError)

  const [platformKind] = useState(platformSignInKind)
  /** WeChat-browser sign-in: WeChat's OAuth page for the store's official account (not when coming back with a code). */
  const authorizeUrl = useWeChatAuthorizeUrl(() => oauthReturnUrl(redirect), platformKind === 'wechatBrowser' && !route.params.code)
  /** Alipay-browser sign-in needs the store's Alipay app id; undefined until common3/apaId answers (or when it has none). */
  const [alipayAppId, setAlipayAppId] = useState<string | undefined>()
  const [platformBusy, setPlatformBusy] = useState(false)
  const [platformError, setPlatformError] = useState<string | null>(null)

  const done = () => platform.navigate(destination, 'replace')

  const handleIdentity = async (provider: IdentityProvider, answer: IdentitySignIn) => {
    if (provider === 'wechat') useSession.getState().setWeChatOpenId(answer.weChatOpenId)
    if (answer.identity === 'RETURNING') {
      await finishSignIn(answer)
      done()
    } else {
      useSession.getState().setPendingIdentity(provider)
    }
  }

  const runPlatform = async (work: () => Promise<void>) => {
    setPlatformBusy(true)
    setPlatformError(null)
    try {
      await work()
    } catch (err) {
      setPlatformError(t('account.platform.failed', { message: messageOf(err, t) }))
    } finally {
      setPlatformBusy(false)
    }
  }

  // Alipay's in-app browser: the auth code is asked for the store's Alipay app.
  useEffect(() => {
    if (platformKind !== 'alipayBrowser') return
    let live = true
    alipayApi
      .appId()
      .then((res) => live && setAlipayAppId(res.appId.trim() || undefined))
      .catch(() => live && setAlipayAppId(undefined))
    return () => {
      live = false
    }
  }, [platformKind])

  // WeChat browser: finish the sign-in when WeChat's OAuth page sent us back with a code.
  useEffect(() => {
    const code = route.params.code
    if (platformKind !== 'wechatBrowser' || !code) return
    void runPlatform(async () => handleIdentity('wechat', await wechatApi.weChatLogin(code, route.params.state)))
    // Runs once per page: the code is single-use.
  }, [])

  const signInWithPlatform = () =>
    runPlatform(async () => {
      if (!platformKind) return
      const identity = await platform.signIn({ weChatAuthorizeUrl: authorizeUrl, alipayAppId })
      if (identity.kind === 'wechatCode') await handleIdentity('wechat', await wechatApi.login(identity.code))
      else if (identity.kind === 'alipayCode') await handleIdentity('alipay', await alipayApi.login(identity.code))
      else if (identity.kind === 'unsupported') throw new Error(t('account.platform.unavailable'))
      // 'redirect': the browser is on its way to WeChat and comes back to this page with ?code=.
    })

  const submit = () =>
    form.submit(async (values) => {
      const credentials = { emailID: values.emailID.trim(), password: values.password }
      if (pendingIdentity === 'wechat') {
        const answer = await wechatApi.link(credentials)
        useSession.getState().setWeChatOpenId(answer.weChatOpenId)
        await finishSignIn(answer)
      } else {
        await finishSignIn(await (pendingIdentity === 'alipay' ? alipayApi.link(credentials) : accountApi.signon(credentials)))
      }
      done()
    })

  const platformAvailable = platformKind === 'wechatBrowser' ? !!authorizeUrl : platformKind === 'alipayBrowser' ? !!alipayAppId : !!platformKind
  return {
    form,
    submit,
    redirect,
    /** Button shown only where the platform has an identity to offer. */
    platformSignIn: platformAvailable ? platformKind : null,
    platformProvider: platformKind ? providerOf(platformKind) : null,
    signInWithPlatform,
    platformBusy,
    platformError,
    /** A WeChat/Alipay identity waits for an account: the e-mail form links it; sign-up creates a new one. */
    pendingIdentity,
    cancelPendingIdentity: () => useSession.getState().setPendingIdentity(null),
    signUpUrl: redirect ? `/account/signup?redirect=${encodeURIComponent(redirect)}` : '/account/signup'
  }
}
