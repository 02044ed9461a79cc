/**
 * The signed-in shopper's saved shipping addresses (getAddresses …/type/SHIPPING) offered at checkout: which one is
 * the default, which one the delivery form currently holds, filling the form from one, and whether the form is still
 * untouched enough to be filled without asking.
 */
import { fullName, type NameLanguage } from './personName'
import type { Address } from '@contract/account'

/** The fields a shopper types in the delivery form (country is preset, so it does not count as typed). */
const TYPED_FIELDS = ['firstName', 'lastName', 'phone', 'streetNumberAndNameDetails', 'unit', 'city', 'province', 'postCode'] as const

/** The fields that make two addresses the same delivery address. */
const SAME_FIELDS = [...TYPED_FIELDS, 'country'] as const

const norm = (value: string | undefined) => (value ?? '').trim().replace(/\s+/g, ' ').toUpperCase()

/** Stable key of a saved address for the choice list: its server id, else its position. */
export function savedAddressKey(address: Address, index: number): string {
  return address.id ? address.id : `#${index}`
}

/** Nothing typed in the delivery address yet. */
export function isBlankAddress(address: Address): boolean {
  return TYPED_FIELDS.every((f) => norm(address[f]) === '')
}

/** The same delivery address, ignoring case, spacing and a missing vs empty unit. */
export function sameAddress(a: Address, b: Address): boolean {
  return SAME_FIELDS.every((f) => norm(a[f]) === norm(b[f]))
}

/** The default address: the one marked default, else the first (the server treats the first as default). */
export function defaultSavedAddress(saved: readonly Address[]): Address | null {
  return saved.find((a) => a.isDefault) ?? saved[0] ?? null
}

/** The form's address taken from a saved one: every delivery field replaced, no id or default flag. */
export function addressFromSaved(saved: Address): Address {
  return {
    firstName: saved.firstName ?? '',
    lastName: saved.lastName ?? '',
    phone: saved.phone ?? '',
    streetNumberAndNameDetails: saved.streetNumberAndNameDetails ?? '',
    unit: saved.unit ?? '',
    city: saved.city ?? '',
    province: saved.province ?? '',
    postCode: saved.postCode ?? '',
    country: saved.country ?? ''
  }
}

/**
 * The address to put into the form without the shopper asking: the default (or only) saved address, and only when
 * nothing has been typed — otherwise null, so what the shopper typed is never replaced.
 */
export function preselectedAddress(saved: readonly Address[], current: Address): Address | null {
  if (!isBlankAddress(current)) return null
  const chosen = defaultSavedAddress(saved)
  return chosen ? addressFromSaved(chosen) : null
}

/** Key of the saved address the form holds now (null once the shopper changed any field of it). */
export function selectedSavedAddressKey(saved: readonly Address[], current: Address): string | null {
  const index = saved.findIndex((a) => sameAddress(a, current))
  return index < 0 ? null : savedAddressKey(saved[index], index)
}

/** One line for the choice list: "Ada Lovelace, 100 Queen St W, 4, Toronto ON M5H 2N2" (the name in the language's order). */
export function addressSummary(a: Address, language: NameLanguage = 'en'): string {
  const name = fullName(a.firstName, a.lastName, language)
  const unit = (a.unit ?? '').trim()
  const place = [a.city, a.province, a.postCode].map((x) => (x ?? '').trim()).filter(Boolean).join(' ')
  return [name, (a.streetNumberAndNameDetails ?? '').trim(), unit, place].filter(Boolean).join(', ')
}
