import { headerVisible, isAlipayBrowser, isMobileUserAgent, isWeChatBrowser } from '@/domain/userAgent'

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
