/**
 * Platform sign-in adapters with the mini-program globals faked at their boundary: `wx.login` behind Taro's own
 * promise forwarding (processApis from @tarojs/shared, which the weapp runtime uses to build Taro.login) and
 * `my.getAuthCode` for Alipay.
 */
import Taro from '@tarojs/taro'
import { processApis } from '@tarojs/shared'
import { signIn as alipaySignIn } from '@/platform/signIn.alipay'
import { signIn as weChatSignIn } from '@/platform/signIn.weapp'

// The Taro object of the weapp build minus the runtime (which needs a mini-program host to load).
jest.mock('@tarojs/taro', () => ({ __esModule: true, default: {} }))


type Callbacks<R> = { success?: (res: R) => void; fail?: (err: unknown) => void; complete?: (res: unknown) => void }
const globals = globalThis as unknown as { wx?: unknown; my?: unknown; getCurrentPages?: () => unknown[] }

afterEach(() => {
  delete globals.wx
  delete globals.my
  delete globals.getCurrentPages
})

describe('WeChat mini-program sign-in (Taro.login → wx.login)', () => {
  function fakeWx(answer: (opts: Callbacks<{ code?: string; errMsg: string }>) => void) {
    const login = jest.fn(answer)
    globals.wx = { login }
    // Taro's forwarding reads the page stack (another mini-program global) to tag navigations.
    globals.getCurrentPages = () => []
    processApis(Taro, globals.wx, { isOnlyPromisify: true, needPromiseApis: new Set(['login']) })
    return login
  }

  it('returns the one-time code wx.login gives', async () => {
    const login = fakeWx((opts) => opts.success?.({ code: 'sandbox-wx-alice', errMsg: 'login:ok' }))
    await expect(weChatSignIn()).resolves.toEqual({ kind: 'wechatCode', code: 'sandbox-wx-alice' })
    expect(login).toHaveBeenCalledTimes(1)
  })

  it('a failed wx.login rejects (nothing is sent to the server)', async () => {
    fakeWx((opts) => opts.fail?.({ errMsg: 'login:fail network' }))
    await expect(weChatSignIn()).rejects.toEqual({ errMsg: 'login:fail network' })
  })

  it('an answer without a code is an error, not an empty sign-in', async () => {
    fakeWx((opts) => opts.success?.({ errMsg: 'login:ok' }))
    await expect(weChatSignIn()).rejects.toThrow('WeChat did not return a login code')
    await expect(weChatSignIn()).rejects.toMatchObject({ messageKey: 'account.error.noWeChatCode' })
  })
})

describe('Alipay mini-program sign-in (my.getAuthCode)', () => {
  function fakeMy(answer: (opts: { scopes: string } & Callbacks<{ authCode?: string }>) => void) {
    const getAuthCode = jest.fn(answer)
    globals.my = { getAuthCode }
    return getAuthCode
  }

  it('asks silently (auth_base) and returns the auth code', async () => {
    const getAuthCode = fakeMy((opts) => opts.success?.({ authCode: 'sandbox-ali-bob' }))
    await expect(alipaySignIn()).resolves.toEqual({ kind: 'alipayCode', code: 'sandbox-ali-bob' })
    expect(getAuthCode.mock.calls[0][0].scopes).toBe('auth_base')
  })

  it('a refusal rejects with Alipay’s message', async () => {
    fakeMy((opts) => opts.fail?.({ error: 11, errorMessage: 'user cancelled' }))
    await expect(alipaySignIn()).rejects.toThrow('user cancelled')
  })

  it('an answer without a code is an error', async () => {
    fakeMy((opts) => opts.success?.({}))
    await expect(alipaySignIn()).rejects.toThrow('Alipay did not return an auth code')
    await expect(alipaySignIn()).rejects.toMatchObject({ messageKey: 'account.error.noAlipayCode' })
  })
})
