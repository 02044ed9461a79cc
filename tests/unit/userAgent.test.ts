import { headerDeviceKind, headerVisible, isAlipayBrowser, isMobileUserAgent, isWeChatBrowser, miniProgramHost } from '@/domain/userAgent'

const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40'
const ALIPAY = 'Mozilla/5.0 (Linux; Android 12) AppleWebKit/537.36 Chrome/99 Mobile Safari/537.36 AlipayClient/10.5.0'
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36'
const ANDROID = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36'

describe('spec "WeChat browser: user agent contains micromessenger or webbrowser"', () => {
  it.each([
    [WECHAT, true],
    ['something micromessenger lowercase', true],
    ['Some WebBrowser/1.0', true],
    [ALIPAY, false],
    [DESKTOP, false],
    ['', false],
    [undefined, false]
  ])('%s → %p', (ua, expected) => {
    expect(isWeChatBrowser(ua)).toBe(expected)
  })
})

describe('Alipay in-app browser (user agent AlipayClient) and mobile detection', () => {
  it.each([
    [ALIPAY, true, true],
    [WECHAT, false, true],
    [ANDROID, false, true],
    [DESKTOP, false, false],
    [undefined, false, false]
  ])('%s → alipay %p, mobile %p', (ua, alipay, mobile) => {
    expect(isAlipayBrowser(ua)).toBe(alipay)
    expect(isMobileUserAgent(ua)).toBe(mobile)
  })
})

describe('spec "Header can be hidden per device kind (mini-program, Alipay browser, mobile, desktop) via headerControl settings"', () => {
  const mp = { miniProgram: true, alipayBrowser: false, mobile: true }
  const ali = { miniProgram: false, alipayBrowser: true, mobile: true }
  const mobile = { miniProgram: false, alipayBrowser: false, mobile: true }
  const desktop = { miniProgram: false, alipayBrowser: false, mobile: false }
  it.each([
    [desktop, undefined, true],
    [desktop, {}, true],
    [mp, { notDisplayheaderInMP: true }, false],
    [mobile, { notDisplayheaderInMP: true }, true],
    [ali, { notDisplayheaderInAli: true }, false],
    [mobile, { notDisplayheaderInAli: true }, true],
    [mobile, { notDisplayheaderInMobile: true }, false],
    [ali, { notDisplayheaderInMobile: true }, false],
    [desktop, { notDisplayheaderInMobile: true }, true],
    [desktop, { notDisplayheaderInDesktop: true }, false],
    [mobile, { notDisplayheaderInDesktop: true }, true],
    [{ miniProgram: true, alipayBrowser: false, mobile: false }, { notDisplayheaderInDesktop: true }, true],
    [mp, { notDisplayheaderInMP: false, notDisplayheaderInDesktop: true }, true]
  ])('%o with %o → visible %p', (env, control, visible) => {
    expect(headerVisible(env, control)).toBe(visible)
  })
})

// WeChat: "web-view … window.__wxjs_environment === 'miniprogram'" and, from WeChat 7.0.0, "miniProgram" in the user agent.
// Alipay: the client's user agent carries AlipayClient, and MiniProgram inside a mini-program's web-view.
const WECHAT_WEBVIEW = `${WECHAT} NetType/WIFI Language/zh_CN miniProgram/wx0123456789abcdef`
const ALIPAY_WEBVIEW = `${ALIPAY} ChannelId(0) NebulaSDK/1.8.100112 Nebula AlipayDefined(nt:WIFI,ws:390|844|3.0) AliApp(AP/10.5.0) MiniProgram`

describe('the mini-program whose web-view shows the H5 page', () => {
  it.each([
    [WECHAT_WEBVIEW, undefined, 'wechat'],
    [WECHAT, 'miniprogram', 'wechat'],
    [WECHAT, undefined, null],
    [ALIPAY_WEBVIEW, undefined, 'alipay'],
    [ALIPAY, undefined, null],
    [DESKTOP, undefined, null],
    [`${DESKTOP} miniProgram`, undefined, null],
    [undefined, undefined, null]
  ])('%s (__wxjs_environment %p) → %p', (ua, wxjs, host) => {
    expect(miniProgramHost(ua, wxjs)).toBe(host)
  })
})

describe('the header\'s device kind: the client\'s own reading and app info\'s appDetail (isWmp, isAac, isMobile)', () => {
  const desktop = { miniProgram: false, weChatMiniProgramWebView: false, alipayMiniProgramWebView: false, alipayBrowser: false, mobile: false }
  it.each([
    [desktop, undefined, { miniProgram: false, alipayBrowser: false, mobile: false }],
    [{ ...desktop, weChatMiniProgramWebView: true, mobile: true }, null, { miniProgram: true, alipayBrowser: false, mobile: true }],
    [{ ...desktop, alipayMiniProgramWebView: true, alipayBrowser: true, mobile: true }, {}, { miniProgram: true, alipayBrowser: true, mobile: true }],
    [desktop, { isWmp: true }, { miniProgram: true, alipayBrowser: false, mobile: false }],
    [desktop, { isAac: true }, { miniProgram: false, alipayBrowser: true, mobile: false }],
    [desktop, { isMobile: true }, { miniProgram: false, alipayBrowser: false, mobile: true }],
    [desktop, { isWmp: false, isAac: false, isMobile: false }, { miniProgram: false, alipayBrowser: false, mobile: false }]
  ])('%o with appDetail %o → %o', (env, detail, kind) => {
    expect(headerDeviceKind(env, detail)).toEqual(kind)
  })

  it('notDisplayheaderInMP hides the header in a WeChat mini-program web-view, and for a store app info marks isWmp', () => {
    expect(headerVisible(headerDeviceKind({ ...desktop, weChatMiniProgramWebView: true, mobile: true }), { notDisplayheaderInMP: true })).toBe(false)
    expect(headerVisible(headerDeviceKind(desktop, { isWmp: true }), { notDisplayheaderInMP: true })).toBe(false)
    expect(headerVisible(headerDeviceKind(desktop, { isWmp: false }), { notDisplayheaderInMP: true })).toBe(true)
  })
})
