/**
 * WeChat's privacy authorization (基础库 2.32.3+; 小程序隐私协议开发指南,
 * https://developers.weixin.qq.com/miniprogram/dev/framework/user-privacy/PrivacyAuthorize.html): a privacy API called
 * before the shopper agreed to the store's privacy guide waits while wx.onNeedPrivacyAuthorization's listener shows the
 * store's own prompt; resolve({ event: 'agree', buttonId }) after a tap on the prompt's
 * `<button open-type="agreePrivacyAuthorization">` lets it run, resolve({ event: 'disagree' }) makes it fail
 * ("privacy permission is not authorized"). wx.requirePrivacyAuthorize asks the same before the app calls the API;
 * wx.getPrivacySetting names the guide, wx.openPrivacyContract opens it. An older base library has none of them and
 * asks nothing: the API runs.
 */
import { PRIVACY_AGREE_BUTTON_ID, type PrivacyApi, type PrivacyAuthorization, type PrivacyRequest } from './types'

type Resolve = (answer: { event: 'agree' | 'disagree' | 'exposureAuthorization'; buttonId?: string }) => void
declare const wx: {
  onNeedPrivacyAuthorization?: (listener: (resolve: Resolve, info?: { referrer?: string }) => void) => void
  requirePrivacyAuthorize?: (options: { success?: () => void; fail?: () => void }) => void
  getPrivacySetting?: (options: { complete?: (res?: { needAuthorization?: boolean; privacyContractName?: string }) => void }) => void
  openPrivacyContract?: (options: { fail?: () => void }) => void
}

let asking: PrivacyApi | null = null

export const privacy: PrivacyAuthorization = {
  agreeOpenType: 'agreePrivacyAuthorization',
  onRequest(listener) {
    if (typeof wx.onNeedPrivacyAuthorization !== 'function') return
    wx.onNeedPrivacyAuthorization((resolve, info) => {
      // Called from requirePrivacyAuthorize (ours, with the API we are about to call) or by the API itself.
      const api = info?.referrer && info.referrer !== 'requirePrivacyAuthorize' ? info.referrer : asking ?? ''
      const show = (contractName?: string) => {
        let answered = false
        const answer = (event: 'agree' | 'disagree') => {
          if (answered) return
          answered = true
          resolve(event === 'agree' ? { event, buttonId: PRIVACY_AGREE_BUTTON_ID } : { event })
        }
        resolve({ event: 'exposureAuthorization' })
        const request: PrivacyRequest = {
          api,
          contractName,
          agree: () => answer('agree'),
          refuse: () => answer('disagree'),
          openContract: () => wx.openPrivacyContract?.({ fail: () => undefined })
        }
        listener(request)
      }
      if (typeof wx.getPrivacySetting === 'function') wx.getPrivacySetting({ complete: (res) => show(res?.privacyContractName || undefined) })
      else show()
    })
  },
  require(api) {
    if (typeof wx.requirePrivacyAuthorize !== 'function') return Promise.resolve(true)
    asking = api
    return new Promise<boolean>((resolve) =>
      wx.requirePrivacyAuthorize!({ success: () => resolve(true), fail: () => resolve(false) })
    ).finally(() => {
      asking = null
    })
  }
}
