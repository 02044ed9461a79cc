/**
 * Store-credit top-ups (spec §7 POST applyStoreCreditDeposit; its state: storeCreditDepositStatus). Payload types:
 * contract/payments.ts; server side: server/src/routes/payments.ts and server/src/payments/deposits.ts.
 */
import type { Deposit, DepositBody, DepositPayment, DepositStatusBody } from '@contract/payments'
import { http } from './http'

export type { Deposit, DepositPayment } from '@contract/payments'

const SM = '/shoppingManagement4'

export const depositApi = {
  /** Opens a top-up and starts its payment: a hosted page (redirectUrl) or the mini-program sheet's parameters. */
  apply: (body: DepositBody) => http.post<DepositPayment>(`${SM}/applyStoreCreditDeposit`, body),
  /** The top-up's state now (the mini-program sheets report their result with it) and the balance. */
  status: (body: DepositStatusBody) => http.post<Deposit>(`${SM}/storeCreditDepositStatus`, body)
}
