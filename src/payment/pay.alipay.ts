/**
 * Alipay mini-program payment: the server opens a trade, my.tradePay shows Alipay's sheet, its resultCode goes to
 * the status check (the server confirms with Alipay), and the shopper lands on /confirmationa/alipay_h5/{order_id},
 * the spec's Alipay confirmation page, which shows the checked state.
 */
import Taro from '@tarojs/taro'
import { checkAlipayMiniProgramPayment, requestAlipayMiniProgramPayment } from '@/api/miniProgramPayments'
import { checkResult } from '@/domain/paymentStatus'
import { miniProgramNavigate } from '@/platform/miniProgram'
import { signIn as alipayAuthCode } from '@/platform/signIn.alipay'
import type { PaymentOutcome, PaymentRequest } from '@/platform/types'

/** my.tradePay: 9000 paid, 6001 cancelled by the shopper. */
const ALIPAY_CANCELLED = '6001'

/** my.tradePay answers { resultCode }; Taro's typing nests it under `response`; a rejected call may carry `error`. */
function resultCodeOf(result: unknown): string {
  const r = (result ?? {}) as { resultCode?: unknown; response?: { resultCode?: unknown }; error?: unknown }
  return String(r.resultCode ?? r.response?.resultCode ?? r.error ?? 'fail')
}

/** my.tradePay on a trade; its resultCode (also when the call itself is rejected). */
export async function tradePay(tradeNO: string): Promise<string> {
  try {
    return resultCodeOf(await Taro.tradePay({ tradeNO }))
  } catch (err) {
    return resultCodeOf(err)
  }
}

/** The buyer's silent my.getAuthCode code (Alipay trades are made for a buyer); none when Alipay gives none. */
const buyerCode = (): Promise<string | undefined> =>
  alipayAuthCode().then((identity) => (identity.kind === 'alipayCode' ? identity.code : undefined), () => undefined)

export async function pay({ orderID }: PaymentRequest): Promise<PaymentOutcome> {
  const { tradeNO } = await requestAlipayMiniProgramPayment(orderID, await buyerCode())
  const resultCode = await tradePay(tradeNO)
  const status = await checkAlipayMiniProgramPayment(orderID, resultCode)
  miniProgramNavigate(`/confirmationa/alipay_h5/${encodeURIComponent(orderID)}`, 'replace')
  const view = checkResult(status).view
  if (view === 'success') return { kind: 'paid', orderID }
  if (resultCode === ALIPAY_CANCELLED) return { kind: 'cancelled', orderID }
  return { kind: 'failed', orderID, message: `Alipay ${resultCode}` }
}
