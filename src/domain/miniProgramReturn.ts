/**
 * Spec §4 "Mini-program return: MP_paymentstatus OK with orderID confirms payment; FAIL with message reports the
 * error and shows failure; missing status shows failure" and §5 "Mini-program return needs wmpoid, else
 * 'no WechatOpenID'; OK status needs orderID, else 'miniProgram OrderID error'".
 */
export interface MiniProgramReturnQuery {
  MP_paymentstatus?: string
  orderID?: string
  message?: string
  wmpoid?: string
}

export type MiniProgramReturn = { outcome: 'success'; orderID: string } | { outcome: 'failure'; message?: string }

export const NO_WECHAT_OPEN_ID = 'no WechatOpenID'
export const MINI_PROGRAM_ORDER_ID_ERROR = 'miniProgram OrderID error'

function filled(value: string | undefined): string {
  return (value ?? '').trim()
}

/**
 * wmpoid is checked first. Status compares case-insensitively. Any status other than OK (FAIL, CANCEL, …)
 * is a failure carrying the message when there is one; a missing status is a failure without a message.
 */
export function miniProgramReturn(query: MiniProgramReturnQuery): MiniProgramReturn {
  if (!filled(query.wmpoid)) return { outcome: 'failure', message: NO_WECHAT_OPEN_ID }
  const status = filled(query.MP_paymentstatus).toUpperCase()
  if (!status) return { outcome: 'failure' }
  if (status === 'OK') {
    const orderID = filled(query.orderID)
    return orderID ? { outcome: 'success', orderID } : { outcome: 'failure', message: MINI_PROGRAM_ORDER_ID_ERROR }
  }
  const message = filled(query.message)
  return message ? { outcome: 'failure', message } : { outcome: 'failure' }
}
