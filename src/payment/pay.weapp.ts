/**
 * WeChat mini-program payment (spec §7): requestWeChatMiniProgramPayment, then wx.requestPayment with the returned
 * weChatPayInfo, then processWeChatMiniProgramPayment/success or /error (with errorMessage), then the confirmation
 * page with the mini-program return parameters (spec §4: MP_paymentstatus, message, orderID, wmpoid).
 */
import Taro from '@tarojs/taro'
import type { WeChatPayInfo } from '@contract/payments'
import { reportWeChatMiniProgramError, reportWeChatMiniProgramSuccess, requestWeChatMiniProgramPayment } from '@/api/miniProgramPayments'
import { miniProgramNavigate } from '@/platform/miniProgram'
import type { PaymentOutcome, PaymentRequest } from '@/platform/types'

const confirmationUrl = (query: Record<string, string>) =>
  `/confirmation?${Object.entries(query)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&')}`

function errMsgOf(err: unknown): string {
  const msg = (err as { errMsg?: unknown } | null)?.errMsg
  return typeof msg === 'string' && msg ? msg : String(err)
}

/** wx.requestPayment with the server's parameters (appId is not one of its options); the error's errMsg when it fails. */
export async function requestPayment(weChatPayInfo: WeChatPayInfo): Promise<string | null> {
  const { appId: _appId, ...sheet } = weChatPayInfo
  try {
    await Taro.requestPayment({ ...sheet, signType: sheet.signType as keyof Taro.requestPayment.SignType })
    return null
  } catch (err) {
    return errMsgOf(err)
  }
}

export async function pay({ orderID }: PaymentRequest): Promise<PaymentOutcome> {
  const { code } = await Taro.login()
  const { weChatPayInfo, weChatOpenId = '' } = await requestWeChatMiniProgramPayment(orderID, code)
  const errorMessage = await requestPayment(weChatPayInfo)
  if (errorMessage !== null) {
    await reportWeChatMiniProgramError({ orderID, errorMessage, returnUrlInfo: '' })
    miniProgramNavigate(confirmationUrl({ MP_paymentstatus: 'FAIL', message: errorMessage, orderID, wmpoid: weChatOpenId }), 'replace')
    return /cancel/i.test(errorMessage) ? { kind: 'cancelled', orderID } : { kind: 'failed', orderID, message: errorMessage }
  }
  await reportWeChatMiniProgramSuccess({ orderID, weChatOpenId, returnUrlInfo: '' })
  miniProgramNavigate(confirmationUrl({ MP_paymentstatus: 'OK', orderID, wmpoid: weChatOpenId }), 'replace')
  return { kind: 'paid', orderID }
}
