/**
 * My account's WeChat link (GET /wechat/bind) in the WeChat mini-program: the status, and linking (wx.login code →
 * wechat/login leaves the identity waiting → wechat/bind joins it); in WeChat's browser through WeChat's OAuth page
 * (when the store has an official account: common3/wcoaId); elsewhere no panel and no call — en and zh.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { processApis } from '@tarojs/shared'
import { WeChatBindingPanel } from '@/components/account/WeChatBindingPanel'
import type { Language } from '@/i18n'
import '@/i18n/more'
import { useSession } from '@/stores/session'
import { fail, mockHttp } from '../../support/mockHttp'
import { LANGS, resetStores, settle, signedIn } from './accountTestKit'

let mockMiniProgram = true
/** H5 inside WeChat's browser (the platform tells it by the user agent). */
let mockWeChatBrowser = false
/** What the WeChat-browser sign-in was asked to open (the adapter would send the browser there). */
const mockOAuthOpened: unknown[] = []
jest.mock('@/platform', () => {
  const actual = jest.requireActual('@/platform/index.h5')
  const base = { miniProgram: false, weChatMiniProgram: false, alipayMiniProgram: false, weChatBrowser: false, weChatMiniProgramWebView: false, alipayMiniProgramWebView: false, alipayBrowser: false, mobile: true }
  return {
    ...actual,
    platform: {
      ...actual.platform,
      environment: () =>
        mockMiniProgram ? { ...base, kind: 'weapp', miniProgram: true, weChatMiniProgram: true } : { ...base, kind: 'h5', weChatBrowser: mockWeChatBrowser },
      signIn: (options: { weChatAuthorizeUrl?: string }) => {
        if (mockMiniProgram) return jest.requireActual('@/platform/signIn.weapp').signIn()
        mockOAuthOpened.push(options)
        return Promise.resolve({ kind: 'redirect', url: options.weChatAuthorizeUrl })
      }
    }
  }
})

const globals = globalThis as unknown as { wx?: unknown }
function fakeWx(code: string) {
  globals.wx = { login: (opts: { success(res: { code: string; errMsg: string }): void }) => opts.success({ code, errMsg: 'login:ok' }) }
  Object.assign(globalThis, { getCurrentPages: () => [] })
  processApis(Taro, globals.wx, { isOnlyPromisify: true, needPromiseApis: new Set(['login']) })
}
afterEach(() => {
  delete globals.wx
})

const TEXT: Record<Language, Record<string, string>> = {
  en: { linked: 'Your WeChat is linked: you can sign in with WeChat.', notLinked: 'Link your WeChat to sign in with it next time.', link: 'Link WeChat', noCode: 'WeChat did not return a login code.' },
  zh: { linked: '已关联微信：下次可使用微信登录。', notLinked: '关联微信后，下次即可使用微信登录。', link: '关联微信', noCode: '微信未返回登录凭证。' }
}

describe.each(LANGS)('WeChat link in my account (%s)', (lang) => {
  const text = TEXT[lang]

  it('not linked: Link WeChat gets the code, signs the WeChat identity in, binds it, and says it is linked', async () => {
    mockMiniProgram = true
    resetStores(signedIn(), lang, '/user/list')
    fakeWx('sandbox-wx-erin')
    let bound = false
    const http = mockHttp({
      'GET /wechat/bind': () => (bound ? { bound: true, weChatOpenId: 'oErin' } : { bound: false }),
      'POST /wechat/login': () => ((bound = true), { identity: 'NEW', weChatOpenId: 'oErin' })
    })
    render(<WeChatBindingPanel />)
    expect(await screen.findByText(text.notLinked)).toBeInTheDocument()
    fireEvent.click(screen.getByText(text.link))
    expect(await screen.findByText(text.linked)).toBeInTheDocument()
    expect(http.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /wechat/bind', 'POST /wechat/login', 'GET /wechat/bind'])
    expect(http.calls[1].body).toEqual({ code: 'sandbox-wx-erin' })
    expect(useSession.getState().weChatOpenId).toBe('oErin')
    expect(screen.queryByText(text.link)).toBeNull()
  })

  it('a WeChat linked to another store account is refused with the reason, and stays unlinked', async () => {
    mockMiniProgram = true
    resetStores(signedIn(), lang, '/user/list')
    fakeWx('sandbox-wx-frank')
    mockHttp({
      'GET /wechat/bind': { bound: false },
      'POST /wechat/login': fail(409, 'This WeChat account is already linked to another store account')
    })
    render(<WeChatBindingPanel />)
    fireEvent.click(await screen.findByText(text.link))
    expect(await screen.findByText('This WeChat account is already linked to another store account')).toBeInTheDocument()
    expect(screen.getByText(text.notLinked)).toBeInTheDocument()
  })

  it("wx.login without a code: the shopper reads why in their language, and nothing is sent", async () => {
    mockMiniProgram = true
    resetStores(signedIn(), lang, '/user/list')
    fakeWx('')
    const http = mockHttp({ 'GET /wechat/bind': { bound: false } })
    render(<WeChatBindingPanel />)
    fireEvent.click(await screen.findByText(text.link))
    expect(await screen.findByText(text.noCode)).toBeInTheDocument()
    expect(http.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /wechat/bind'])
  })

  it('outside WeChat there is no panel and no call', async () => {
    mockMiniProgram = false
    mockWeChatBrowser = false
    resetStores(signedIn(), lang, '/user/list')
    const http = mockHttp({})
    const { container } = render(<WeChatBindingPanel />)
    await settle()
    expect(container.querySelector('.wechat-binding')).toBeNull()
    expect(http.calls).toHaveLength(0)
  })
})

describe.each(LANGS)('WeChat link in WeChat’s browser (%s)', (lang) => {
  const text = TEXT[lang]
  const AUTHORIZE = '/api/istore/client/wechat/sandbox/authorize?state=s9'
  beforeEach(() => {
    mockMiniProgram = false
    mockWeChatBrowser = true
    mockOAuthOpened.length = 0
  })
  afterEach(() => {
    mockWeChatBrowser = false
  })

  it('not linked: Link WeChat opens WeChat’s OAuth page of the store’s official account, returning to my account', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = mockHttp({
      'GET /common3/wcoaId': { appId: 'wx-sandbox-official-account' },
      'GET /wechat/enabled': { enabled: true, authorizeUrl: AUTHORIZE },
      'GET /wechat/bind': { bound: false }
    })
    render(<WeChatBindingPanel />)
    fireEvent.click(await screen.findByText(text.link))
    await settle()
    expect(mockOAuthOpened).toEqual([{ weChatAuthorizeUrl: AUTHORIZE }])
    expect(http.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /common3/wcoaId', 'GET /wechat/enabled', 'GET /wechat/bind'])
    expect(http.calls[1].query.redirectUri).toBe(`${window.location.origin}/user/list?wechatLink=1`)
  })

  it('back from WeChat with the code: weChatlogin leaves the identity waiting, bind joins it, and it says linked', async () => {
    resetStores(signedIn(), lang, '/user/list?wechatLink=1&code=sandbox-wx-gina&state=s9')
    let waiting = false
    const http = mockHttp({
      'POST /wechat/weChatlogin': () => ((waiting = true), { identity: 'NEW', weChatOpenId: 'oGina' }),
      'GET /wechat/bind': () => (waiting ? { bound: true, weChatOpenId: 'oGina' } : { bound: false })
    })
    render(<WeChatBindingPanel />)
    expect(await screen.findByText(text.linked)).toBeInTheDocument()
    expect(http.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /wechat/weChatlogin', 'GET /wechat/bind'])
    expect(http.calls[0].body).toEqual({ code: 'sandbox-wx-gina', state: 's9' })
    expect(useSession.getState().weChatOpenId).toBe('oGina')
  })

  it('a store without a WeChat official account offers no link in WeChat’s browser', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = mockHttp({ 'GET /common3/wcoaId': { appId: '' } })
    const { container } = render(<WeChatBindingPanel />)
    await settle()
    expect(container.querySelector('.wechat-binding')).toBeNull()
    expect(http.calls.map((c) => c.path)).toEqual(['/common3/wcoaId'])
  })
})
