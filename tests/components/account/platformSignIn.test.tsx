/**
 * Sign-in with the platform's identity, end to end in the page: the adapter asks the faked mini-program global
 * (wx.login through Taro's forwarding, my.getAuthCode), the server (mocked at http) answers new or returning.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { processApis } from '@tarojs/shared'
import { LoginForm } from '@/components/account/LoginForm'
import type { Language } from '@/i18n'
import type { Environment } from '@/platform'
import { useAppInfo } from '@/stores/appInfo'
import { useSession } from '@/stores/session'
import { mockHttp } from '../../support/mockHttp'
import { navigations } from '../../support/taroMock'
import { emptyCart, guest, LANGS, resetStores, sessionAnswer, settle } from './accountTestKit'
import { ALIPAY_UA, DESKTOP_UA, setUserAgent } from '../shell/shellTestKit'

let mockKind: Environment['kind'] | 'wechatBrowser' | 'alipayBrowser' = 'weapp'

jest.mock('@/platform', () => {
  const actual = jest.requireActual('@/platform/index.h5')
  const adapters = {
    weapp: jest.requireActual('@/platform/signIn.weapp').signIn,
    alipay: jest.requireActual('@/platform/signIn.alipay').signIn,
    wechatBrowser: jest.requireActual('@/platform/signIn.h5').signIn,
    alipayBrowser: jest.requireActual('@/platform/signIn.h5').signIn
  }
  const base = { miniProgram: false, weChatMiniProgram: false, alipayMiniProgram: false, weChatBrowser: false, weChatMiniProgramWebView: false, alipayMiniProgramWebView: false, alipayBrowser: false, mobile: true }
  return {
    ...actual,
    platform: {
      ...actual.platform,
      environment: () =>
        mockKind === 'weapp'
          ? { ...base, kind: 'weapp', miniProgram: true, weChatMiniProgram: true }
          : mockKind === 'alipay'
            ? { ...base, kind: 'alipay', miniProgram: true, alipayMiniProgram: true }
            : mockKind === 'alipayBrowser'
              ? { ...base, kind: 'h5', alipayBrowser: true }
              : { ...base, kind: 'h5', weChatBrowser: true },
      signIn: (options?: unknown) => adapters[mockKind as keyof typeof adapters](options)
    }
  }
})

const globals = globalThis as unknown as { wx?: unknown; my?: unknown }

const TEXT: Record<Language, Record<string, string>> = {
  en: { wechat: 'Sign in with WeChat', alipay: 'Sign in with Alipay', newWeChat: 'Your WeChat account is not linked', newAlipay: 'Your Alipay account is not linked', create: 'Create a new account' },
  zh: { wechat: '使用微信登录', alipay: '使用支付宝登录', newWeChat: '您的微信账号尚未关联', newAlipay: '您的支付宝账号尚未关联', create: '创建新账户' }
}

function fakeWx(code: string) {
  globals.wx = { login: (opts: { success(res: { code: string; errMsg: string }): void }) => opts.success({ code, errMsg: 'login:ok' }) }
  Object.assign(globalThis, { getCurrentPages: () => [] })
  processApis(Taro, globals.wx, { isOnlyPromisify: true, needPromiseApis: new Set(['login']) })
}

function fakeMy(authCode: string) {
  globals.my = { getAuthCode: (opts: { success(res: { authCode: string }): void }) => opts.success({ authCode }) }
}

afterEach(() => {
  delete globals.wx
  delete globals.my
  delete (globalThis as { AlipayJSBridge?: unknown }).AlipayJSBridge
  setUserAgent(DESKTOP_UA)
})

describe.each(LANGS)('platform sign-in (%s)', (lang) => {
  const text = TEXT[lang]

  it('WeChat mini-program, returning identity: wx.login code → wechat/login → signed in, open id kept', async () => {
    mockKind = 'weapp'
    resetStores(guest(), lang, '/account/login')
    fakeWx('sandbox-wx-alice')
    const http = mockHttp({
      'POST /wechat/login': { identity: 'RETURNING', weChatOpenId: 'oAlice', ...sessionAnswer },
      'GET /shoppingManagement4/myCart': emptyCart
    })
    render(<LoginForm />)
    fireEvent.click(screen.getByText(text.wechat))
    await settle()
    expect(http.calls[0]).toMatchObject({ method: 'POST', path: '/wechat/login', body: { code: 'sandbox-wx-alice' } })
    expect(useAppInfo.getState().info?.userID).toBe('10001')
    expect(useSession.getState().weChatOpenId).toBe('oAlice')
    expect(navigations).toEqual([{ kind: 'redirectTo', url: '/user/list' }])
  })

  it('WeChat mini-program, new identity: waits for link or sign-up, open id kept, nobody signed in', async () => {
    mockKind = 'weapp'
    resetStores(guest(), lang, '/account/login')
    fakeWx('sandbox-wx-newbie')
    mockHttp({ 'POST /wechat/login': { identity: 'NEW', weChatOpenId: 'oNewbie' } })
    render(<LoginForm />)
    fireEvent.click(screen.getByText(text.wechat))
    await settle()
    expect(screen.getByRole('status')).toHaveTextContent(text.newWeChat)
    expect(useSession.getState()).toMatchObject({ pendingIdentity: 'wechat', weChatOpenId: 'oNewbie' })
    expect(useAppInfo.getState().info?.userID).toBeUndefined()
    fireEvent.click(screen.getByText(text.create))
    expect(navigations).toEqual([{ kind: 'navigateTo', url: '/account/signup' }])
  })

  it('Alipay mini-program, returning identity: my.getAuthCode → alipay/login → signed in', async () => {
    mockKind = 'alipay'
    resetStores(guest(), lang, '/account/login')
    fakeMy('sandbox-ali-bob')
    const http = mockHttp({ 'POST /alipay/login': { identity: 'RETURNING', ...sessionAnswer }, 'GET /shoppingManagement4/myCart': emptyCart })
    render(<LoginForm />)
    fireEvent.click(screen.getByText(text.alipay))
    await settle()
    expect(http.calls[0]).toMatchObject({ path: '/alipay/login', body: { code: 'sandbox-ali-bob' } })
    expect(useAppInfo.getState().info?.userID).toBe('10001')
    expect(navigations).toEqual([{ kind: 'redirectTo', url: '/user/list' }])
  })

  it('Alipay mini-program, new identity: waits for link or sign-up', async () => {
    mockKind = 'alipay'
    resetStores(guest(), lang, '/account/login')
    fakeMy('sandbox-ali-carol')
    mockHttp({ 'POST /alipay/login': { identity: 'NEW' } })
    render(<LoginForm />)
    fireEvent.click(screen.getByText(text.alipay))
    await settle()
    expect(screen.getByRole('status')).toHaveTextContent(text.newAlipay)
    expect(useSession.getState().pendingIdentity).toBe('alipay')
  })

  it("Alipay's in-app browser: the store's Alipay app id (common3/apaId) → the bridge's auth code → alipay/login", async () => {
    mockKind = 'alipayBrowser'
    setUserAgent(ALIPAY_UA)
    resetStores(guest(), lang, '/account/login')
    const asked: unknown[] = []
    Object.assign(globalThis, {
      AlipayJSBridge: { call: (api: string, params: unknown, callback: (r: { authCode: string }) => void) => (asked.push({ api, params }), callback({ authCode: 'sandbox-ali-dan' })) }
    })
    const http = mockHttp({
      'GET /common3/apaId': { appId: 'alipay-sandbox-app' },
      'POST /alipay/login': { identity: 'RETURNING', ...sessionAnswer },
      'GET /shoppingManagement4/myCart': emptyCart
    })
    render(<LoginForm />)
    fireEvent.click(await screen.findByText(text.alipay))
    await settle()
    expect(asked).toEqual([{ api: 'getAuthCode', params: { appId: 'alipay-sandbox-app', scopeNicks: ['auth_base'] } }])
    expect(http.calls.slice(0, 2)).toMatchObject([{ path: '/common3/apaId' }, { path: '/alipay/login', body: { code: 'sandbox-ali-dan' } }])
    expect(useAppInfo.getState().info?.userID).toBe('10001')
  })

  it("Alipay's in-app browser without an Alipay app for the store offers no Alipay button", async () => {
    mockKind = 'alipayBrowser'
    setUserAgent(ALIPAY_UA)
    resetStores(guest(), lang, '/account/login')
    const http = mockHttp({ 'GET /common3/apaId': { appId: '' } })
    render(<LoginForm />)
    await settle()
    expect(http.calls.map((c) => c.path)).toEqual(['/common3/apaId'])
    expect(screen.queryByText(text.alipay)).toBeNull()
  })

  it('WeChat browser: the button appears once the store’s official account (common3/wcoaId) and wechat/enabled give the OAuth address', async () => {
    mockKind = 'wechatBrowser'
    resetStores(guest(), lang, '/account/login?redirect=%2Fuser%2Forders')
    const http = mockHttp({
      'GET /common3/wcoaId': { appId: 'wx-sandbox-official-account' },
      'GET /wechat/enabled': { enabled: true, authorizeUrl: '/api/istore/client/wechat/sandbox/authorize?state=s1' }
    })
    render(<LoginForm />)
    expect(screen.queryByText(text.wechat)).toBeNull()
    await settle()
    expect(screen.getByText(text.wechat)).toBeInTheDocument()
    expect(http.calls.map((c) => c.path)).toEqual(['/common3/wcoaId', '/wechat/enabled'])
    expect(http.calls[1].query.redirectUri).toBe(`${window.location.origin}/account/login?redirect=%2Fuser%2Forders`)
  })

  it('WeChat browser of a store without a WeChat official account (common3/wcoaId empty) offers no WeChat button', async () => {
    mockKind = 'wechatBrowser'
    resetStores(guest(), lang, '/account/login')
    const http = mockHttp({ 'GET /common3/wcoaId': { appId: '' } })
    render(<LoginForm />)
    await settle()
    expect(screen.queryByText(text.wechat)).toBeNull()
    expect(http.calls.map((c) => c.path)).toEqual(['/common3/wcoaId'])
  })

  it('WeChat browser: back from WeChat with ?code&state → weChatlogin → signed in and on to the redirect', async () => {
    mockKind = 'wechatBrowser'
    resetStores(guest(), lang, '/account/login?redirect=%2Fuser%2Forders&code=sandbox-wx-dave&state=s1')
    const http = mockHttp({
      'POST /wechat/weChatlogin': { identity: 'RETURNING', weChatOpenId: 'oDave', ...sessionAnswer },
      'GET /shoppingManagement4/myCart': emptyCart
    })
    render(<LoginForm />)
    await settle()
    expect(http.calls[0]).toMatchObject({ path: '/wechat/weChatlogin', body: { code: 'sandbox-wx-dave', state: 's1' } })
    expect(useSession.getState().weChatOpenId).toBe('oDave')
    expect(navigations).toEqual([{ kind: 'redirectTo', url: '/user/orders' }])
  })
})
