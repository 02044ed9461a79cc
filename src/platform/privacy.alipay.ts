/**
 * Alipay's privacy authorization (基础 API → 隐私信息授权: my.getPrivacySetting, my.onNeedPrivacyAuthorization,
 * my.openPrivacyContract; on with `"usePrivacyCheck": true` in app.json, else Alipay asks nothing). Alipay's pages
 * document no requirePrivacyAuthorize: before a privacy API the app asks my.getPrivacySetting whether the shopper has
 * yet to agree, and if so shows the store's prompt itself; the tap on its `<button open-type="agreePrivacyAuthorization">`
 * tells Alipay. A privacy API that still finds no agreement calls my.onNeedPrivacyAuthorization's listener, which shows
 * the same prompt and resolves it. An Alipay without these APIs asks nothing: the API runs.
 */
import { PRIVACY_AGREE_BUTTON_ID, type PrivacyAuthorization, type PrivacyRequest } from './types'

type Resolve = (answer: { event: 'agree' | 'disagree'; buttonId?: string }) => void
declare const my: {
  onNeedPrivacyAuthorization?: (listener: (resolve: Resolve, info?: { referrer?: string }) => void) => void
  getPrivacySetting?: (options: {
    success?: (res: { needAuthorization?: boolean; privacyContractName?: string }) => void
    fail?: () => void
  }) => void
  openPrivacyContract?: (options: { fail?: () => void }) => void
}

let show: ((request: PrivacyRequest) => void) | null = null
const openContract = () => my.openPrivacyContract?.({ fail: () => undefined })

export const privacy: PrivacyAuthorization = {
  agreeOpenType: 'agreePrivacyAuthorization',
  onRequest(listener) {
    show = listener
    if (typeof my.onNeedPrivacyAuthorization !== 'function') return
    my.onNeedPrivacyAuthorization((resolve, info) => {
      let answered = false
      const answer = (event: 'agree' | 'disagree') => {
        if (answered) return
        answered = true
        resolve(event === 'agree' ? { event, buttonId: PRIVACY_AGREE_BUTTON_ID } : { event })
      }
      listener({ api: info?.referrer ?? '', agree: () => answer('agree'), refuse: () => answer('disagree'), openContract })
    })
  },
  require(api) {
    if (typeof my.getPrivacySetting !== 'function') return Promise.resolve(true)
    return new Promise<boolean>((resolve) =>
      my.getPrivacySetting!({
        success: (res) => {
          if (!res.needAuthorization) return resolve(true)
          if (!show) return resolve(false)
          let answered = false
          const answer = (agreed: boolean) => {
            if (answered) return
            answered = true
            resolve(agreed)
          }
          show({ api, contractName: res.privacyContractName || undefined, agree: () => answer(true), refuse: () => answer(false), openContract })
        },
        // An Alipay that cannot say: the API itself asks (onNeedPrivacyAuthorization) if it must.
        fail: () => resolve(true)
      })
    )
  }
}
