/** "E-mail me when it's back" on a sold-out product (own call, server/CONTRACT.md). Types: contract/restock.ts. */
import type { RestockAlert, RestockAlertBody, RestockCancelled } from '@contract/restock'
import { http } from './http'

export type { RestockAlert, RestockAlertBody, RestockCancelled } from '@contract/restock'

export const restockApi = {
  /** Asking again for the same product (pair) and e-mail is the same subscription, answered the same. */
  subscribe: (body: RestockAlertBody) => http.post<RestockAlert>('/common3/restockAlert', body),
  /** Cancels a waiting subscription by the token its subscribe answer carried. */
  cancel: (cancelToken: string) => http.post<RestockCancelled>('/common3/restockAlert/cancel', { cancelToken })
}
