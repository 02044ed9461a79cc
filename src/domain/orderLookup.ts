/**
 * The guest order lookup's form rules (/orderlookup): the order number as on the confirmation or receipt ('#' and
 * spaces allowed) with the e-mail AND the phone given at checkout (the receipt mail's link opens the order by its
 * reference instead). The server checks again (server/src/orders/lookup.ts).
 */
import { EMAIL_PATTERN, PHONE_PATTERN } from '@contract/constants'
import type { FieldErrors } from './accountForms'

export interface OrderLookupValues {
  orderID: string
  email: string
  phone: string
}

export type OrderLookupField = keyof OrderLookupValues

/** The page's public URL, with the order number filled in when known (the receipt mail's link adds `&ref=`). */
export const ORDER_LOOKUP_PATH = '/orderlookup'
export const orderLookupPath = (orderID?: string) => (orderID ? `${ORDER_LOOKUP_PATH}?order=${encodeURIComponent(orderID)}` : ORDER_LOOKUP_PATH)

/** The receipt link's reference as the server takes it (32 hex digits), or null. */
export function lookupRefOf(raw: string | undefined): string | null {
  const ref = (raw ?? '').trim().toLowerCase()
  return /^[0-9a-f]{32}$/.test(ref) ? ref : null
}

/** '#1042 ' → '1042'; null when it is not an order number. */
export function orderNumberOf(raw: string): string | null {
  const digits = raw.replace(/[\s#]/g, '')
  return /^\d{1,9}$/.test(digits) ? digits : null
}

export function validateOrderLookup(v: OrderLookupValues): FieldErrors<OrderLookupField> {
  const errors: FieldErrors<OrderLookupField> = {}
  if (!v.orderID.trim()) errors.orderID = 'required'
  else if (!orderNumberOf(v.orderID)) errors.orderID = 'orderNumber'
  const email = v.email.trim()
  if (!email) errors.email = 'required'
  else if (!new RegExp(EMAIL_PATTERN).test(email)) errors.email = 'emailInvalid'
  const phone = v.phone.trim()
  if (!phone) errors.phone = 'required'
  else if (!new RegExp(PHONE_PATTERN).test(phone)) errors.phone = 'phoneInvalid'
  return errors
}
