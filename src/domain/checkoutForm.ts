/**
 * The checkout form's rules (spec §7): what the form holds, what a valid order needs, which online channels the
 * store offers, store credit typed as money, the slots of a day, and what fills a blank form (the server's draft,
 * the signed-in shopper's own details). The hooks in src/hooks/useCheckout*.ts hold state and call the server.
 */
import { EMAIL_PATTERN, PHONE_PATTERN } from '@contract/constants'
import type { Address } from '@contract/account'
import type { UserProfile } from '@contract/appInfo'
import type { Cart as CheckoutCart } from '@contract/cart'
import type { Slot } from '@contract/checkout'
import type { OrderMethod } from '@contract/constants'
import type { Contact } from '@contract/orders'
import type { MessageKey } from '@/i18n'
import type { PaymentMethod } from './paymentMethods'
import { postcodeProblem } from './postcode'

export type PaymentChoice = 'ONLINE' | 'PAY_AT_STORE'

export interface CheckoutForm {
  method: OrderMethod | null
  storeId: string
  tableNumber: string
  pickupDate: string
  pickupTime: string
  deliveryDate: string
  deliveryTime: string
  contact: Contact
  address: Address
  saveToProfile: boolean
  couponCode: string
  /** Dollars as typed (e.g. "5.00"); sent in minor units. */
  storeCredit: string
  comment: string
  payment: PaymentChoice
  paymentMethod: PaymentMethod | ''
}

export type FieldName =
  | 'method'
  | 'storeId'
  | 'tableNumber'
  | 'pickupSlot'
  | 'deliverySlot'
  | 'firstName'
  | 'email'
  | 'phone'
  | 'address.firstName'
  | 'address.phone'
  | 'address.streetNumberAndNameDetails'
  | 'address.city'
  | 'address.province'
  | 'address.postCode'
  | 'paymentMethod'
  | 'storeCredit'

export type FieldErrors = Partial<Record<FieldName, MessageKey>>

export const EMPTY_FORM: CheckoutForm = {
  method: null,
  storeId: '',
  tableNumber: '',
  pickupDate: '',
  pickupTime: '',
  deliveryDate: '',
  deliveryTime: '',
  contact: { firstName: '', lastName: '', email: '', phone: '' },
  address: { firstName: '', lastName: '', phone: '', streetNumberAndNameDetails: '', unit: '', city: '', province: '', postCode: '', country: '' },
  saveToProfile: false,
  couponCode: '',
  storeCredit: '',
  comment: '',
  payment: 'ONLINE',
  paymentMethod: ''
}

/**
 * What the next checkout keeps of a paid order's draft: method, store, contact and address, not this order's extras.
 * A table is one visit's (issue 42 n-3): never kept; nor is Eat in itself, which the next cart (a T-shirt, beans) may
 * not suit: the store is kept, the shopper chooses the method again.
 */
export function draftAfterPlacedOrder(draft: Partial<CheckoutForm>): Partial<CheckoutForm> {
  const { couponCode, storeCredit, comment, pickupDate, pickupTime, deliveryDate, deliveryTime, tableNumber } = EMPTY_FORM
  const method = draft.method === 'EAT_IN' ? EMPTY_FORM.method : draft.method
  return { ...draft, ...(draft.method === undefined ? {} : { method }), couponCode, storeCredit, comment, pickupDate, pickupTime, deliveryDate, deliveryTime, tableNumber }
}

// The contract's patterns: what the server accepts is what the form lets through.
const EMAIL_RE = new RegExp(EMAIL_PATTERN)
const PHONE_RE = new RegExp(PHONE_PATTERN)

/** Dollars as typed → minor units; null when it is not an amount. */
export function toMinorUnits(text: string): number | null {
  const value = text.trim()
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null
  return Math.round(Number(value) * 100)
}

/** The times offered on one date of a slot list (none before a date is chosen). */
export function timesOn(slots: Slot[], date: string): string[] {
  return slots.find((s) => s.date === date)?.times ?? []
}

/**
 * An online payment asks for a method only where the shopper chooses one (a browser offering methods) and something is
 * left to pay: an order that store credit (or a coupon) covers in whole is settled without a provider (issue 42 N-4).
 */
export function needsPaymentMethod(choosesMethod: boolean, methodsOffered: number, total: number | null | undefined): boolean {
  return choosesMethod && methodsOffered > 0 && total !== 0
}

export interface ValidationOptions {
  /** An online payment needs a method chosen (a browser with methods to choose from). */
  needsMethod: boolean
  tableNumberPattern?: string
}

/** Client-side rules; the server checks again and its message is shown when it disagrees. */
export function validate(form: CheckoutForm, options: ValidationOptions): FieldErrors {
  const errors: FieldErrors = {}
  if (!form.method) errors.method = 'checkout.error.method'
  if (form.method === 'PICKUP' || form.method === 'EAT_IN') {
    if (!form.storeId) errors.storeId = 'checkout.error.store'
  }
  if (form.method === 'PICKUP' && (!form.pickupDate || !form.pickupTime)) errors.pickupSlot = 'checkout.error.pickupSlot'
  if (form.method === 'EAT_IN') {
    const table = form.tableNumber.trim()
    if (!table) errors.tableNumber = 'checkout.error.tableNumber'
    else if (options.tableNumberPattern && !new RegExp(options.tableNumberPattern).test(table)) errors.tableNumber = 'checkout.error.tableNumberFormat'
  }
  if (form.method === 'DELIVERY') {
    const a = form.address
    if (!a.firstName.trim()) errors['address.firstName'] = 'checkout.error.required'
    if (!PHONE_RE.test(a.phone.trim())) errors['address.phone'] = 'checkout.error.phone'
    if (!a.streetNumberAndNameDetails.trim()) errors['address.streetNumberAndNameDetails'] = 'checkout.error.required'
    if (!a.city.trim()) errors['address.city'] = 'checkout.error.required'
    if (!a.province.trim()) errors['address.province'] = 'checkout.error.province'
    const postcode = postcodeProblem(a.country, a.province, a.postCode)
    if (!a.postCode.trim()) errors['address.postCode'] = 'checkout.error.required'
    else if (postcode) errors['address.postCode'] = postcode === 'format' ? 'checkout.error.postCodeFormat' : 'checkout.error.postCodeProvince'
    if (!form.deliveryDate || !form.deliveryTime) errors.deliverySlot = 'checkout.error.deliverySlot'
  }
  // A delivery's name and phone are the address's (asked once, there).
  if (form.method !== 'DELIVERY') {
    if (!form.contact.firstName.trim()) errors.firstName = 'checkout.error.required'
    if (!PHONE_RE.test(form.contact.phone.trim())) errors.phone = 'checkout.error.phone'
  }
  if (!EMAIL_RE.test(form.contact.email.trim())) errors.email = 'checkout.error.email'
  if (form.payment === 'ONLINE' && options.needsMethod && !form.paymentMethod) errors.paymentMethod = 'checkout.error.paymentMethod'
  return errors
}

/** The fields the shopper types into (the rest are choices). */
export type TypedField = Extract<FieldName, 'tableNumber' | 'firstName' | 'email' | 'phone' | `address.${string}`>

function typedValue(form: CheckoutForm, name: TypedField): string {
  if (name === 'tableNumber') return form.tableNumber
  if (name.startsWith('address.')) return String(form.address[name.slice('address.'.length) as keyof Address] ?? '')
  return form.contact[name as keyof Contact]
}

/** On leaving a field the shopper typed in, that field's own message; an untouched empty field waits for Place order. */
export function messageOnLeaving(form: CheckoutForm, name: TypedField, options: ValidationOptions): MessageKey | undefined {
  return typedValue(form, name).trim() ? validate(form, options)[name] : undefined
}

/** The contact sent with the order: for a delivery, the name and phone given with the address. */
export function contactToSend(form: CheckoutForm): Contact {
  if (form.method !== 'DELIVERY') return form.contact
  const { firstName, lastName, phone } = form.address
  return { ...form.contact, firstName, lastName, phone }
}

/** The errors without the named fields' (those fields changed). */
export function withoutErrors(errors: FieldErrors, names: (name: string) => boolean): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([name]) => !names(name)))
}

/** Pay at the store only for the methods the store allows it for. */
export function payAtStoreAllowed(method: OrderMethod | null, payAtStoreMethods: OrderMethod[] | undefined): boolean {
  return !!method && (payAtStoreMethods ?? []).includes(method)
}

/** The server's draft as form fields; the caller lets them fill what a stored draft does not have. */
export function formFromServer(cart: CheckoutCart | null): Partial<CheckoutForm> {
  const d = cart?.checkout
  if (!d) return {}
  return {
    method: cart.orderMethod ?? null,
    storeId: d.localStoreId ?? '',
    tableNumber: d.tableNumber ?? '',
    pickupDate: d.pickupDate ?? '',
    pickupTime: d.pickupTime ?? '',
    deliveryDate: d.deliveryDate ?? '',
    deliveryTime: d.deliveryTime ?? '',
    ...(d.contact ? { contact: d.contact } : {}),
    ...(d.delivery ? { address: { ...EMPTY_FORM.address, ...d.delivery } } : {}),
    comment: d.customerComment ?? ''
  }
}

/** A signed-in shopper starts with their own contact details; anything already typed wins. */
export function prefilledContact(contact: Contact, user: Partial<UserProfile>): Contact {
  if (contact.firstName || contact.lastName || contact.email || contact.phone) return contact
  return { firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.emailID ?? '', phone: user.phone ?? '' }
}

/** Why a coupon code was not applied, in words the shopper's language can give; `message` is a reason the store did not foresee. */
export type CouponRefusal =
  | { reason: 'unknown' | 'expired' | 'firstOrder' | 'signIn' }
  | { reason: 'minimum'; amount: string }
  | { reason: 'onePerOrder'; applied: string }
  | { reason: 'other'; message: string }

/** The server's refusal (server/src/services/pricing.ts couponProblem) as a reason. */
export function couponRefusal(serverMessage: string): CouponRefusal {
  if (/not valid/i.test(serverMessage)) return { reason: 'unknown' }
  if (/expired/i.test(serverMessage)) return { reason: 'expired' }
  if (/first order only/i.test(serverMessage)) return { reason: 'firstOrder' }
  if (/^sign in to use/i.test(serverMessage)) return { reason: 'signIn' }
  const minimum = /subtotal of at least (\S+?)\.?$/i.exec(serverMessage)
  if (minimum) return { reason: 'minimum', amount: minimum[1] }
  return { reason: 'other', message: serverMessage }
}

/** One code per order: another code while one is applied is refused before asking the server. */
export function secondCoupon(code: string, applied: string | null | undefined): CouponRefusal | null {
  return applied && applied.toUpperCase() !== code.trim().toUpperCase() ? { reason: 'onePerOrder', applied } : null
}

/**
 * The order method a checkout starts with, remembered from the shopper's last order (the draft kept after it,
 * draftAfterPlacedOrder): a new cart is told it ('send', so its totals are the method's, e.g. a delivery fee); one the
 * store no longer offers is dropped and the shopper chooses again.
 */
export function rememberedMethodStep(method: OrderMethod | null, offered: readonly OrderMethod[], cartMethod: OrderMethod | null | undefined): 'keep' | 'send' | 'drop' {
  if (!method) return 'keep'
  if (!offered.includes(method)) return 'drop'
  return method === cartMethod ? 'keep' : 'send'
}

/** The store a pickup or eat-in order starts with: the one the shopper is browsing (the header's), or the only one. */
export function preselectedStore(stores: readonly { id: string }[], currentStoreId: string | number | null | undefined): string {
  const current = currentStoreId === undefined || currentStoreId === null ? undefined : stores.find((s) => s.id === String(currentStoreId))
  if (current) return current.id
  return stores.length === 1 ? stores[0].id : ''
}

/** A store's address on one line: "100 Granville St, Vancouver BC V6C 1T2". */
export function storeAddressLine(address: { streetNumberAndNameDetails?: string; city?: string; province?: string; postCode?: string } | undefined): string {
  const place = [address?.city, address?.province, address?.postCode].filter(Boolean).join(' ')
  return [address?.streetNumberAndNameDetails, place].filter(Boolean).join(', ')
}
