/**
 * The guest order lookup's form rules (/orderlookup): the order number as on the confirmation or receipt ('#' and
 * spaces allowed) and the e-mail or phone given at checkout. The server checks again (server/src/services/orderLookup.ts).
 */
import { EMAIL_PATTERN, PHONE_PATTERN } from '@contract/constants'
import type { FieldErrors } from './accountForms'

export interface OrderLookupValues {
  orderID: string
  contact: string
}

export type OrderLookupField = keyof OrderLookupValues

/** The page's public URL, with the order number filled in when known. */
export const ORDER_LOOKUP_PATH = '/orderlookup'
export const orderLookupPath = (orderID?: string) => (orderID ? `${ORDER_LOOKUP_PATH}?order=${encodeURIComponent(orderID)}` : ORDER_LOOKUP_PATH)

/** '#1042 ' → '1042'; null when it is not an order number. */
export function orderNumberOf(raw: string): string | null {
  const digits = raw.replace(/[\s#]/g, '')
  return /^\d{1,9}$/.test(digits) ? digits : null
}

export function validateOrderLookup(v: OrderLookupValues): FieldErrors<OrderLookupField> {
  const errors: FieldErrors<OrderLookupField> = {}
  if (!v.orderID.trim()) errors.orderID = 'required'
  else if (!orderNumberOf(v.orderID)) errors.orderID = 'orderNumber'
  const contact = v.contact.trim()
  if (!contact) errors.contact = 'required'
  else if (!new RegExp(contact.includes('@') ? EMAIL_PATTERN : PHONE_PATTERN).test(contact)) errors.contact = 'lookupContact'
  return errors
}
