/**
 * The checkout form as the shopper fills it, kept in platform.storage so neither a validation message, a server
 * error nor a reload ever clears what was typed; and the form's validation messages.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Address } from '@/api/account'
import type { Contact } from '@/api/checkout'
import { draftAfterPlacedOrder, EMPTY_FORM, withoutErrors, type CheckoutForm, type FieldErrors, type FieldName } from '@/domain/checkoutForm'
import { platform } from '@/platform'

export const DRAFT_KEY = 'istore.checkoutDraft'

/** After an order is paid the next checkout starts without this order's coupon, store credit, comment or time slot. */
export function forgetPlacedOrderDraft(): void {
  const draft = platform.storage.get<Partial<CheckoutForm>>(DRAFT_KEY)
  if (draft) platform.storage.set(DRAFT_KEY, draftAfterPlacedOrder(draft))
}

export type SetForm = (change: (form: CheckoutForm) => CheckoutForm) => void
export type ClearErrors = (names: (name: string) => boolean) => void

export function useCheckoutDraft() {
  const [form, setForm] = useState<CheckoutForm>(() => ({ ...EMPTY_FORM, ...(platform.storage.get<Partial<CheckoutForm>>(DRAFT_KEY) ?? {}) }))
  const [errors, setErrors] = useState<FieldErrors>({})
  /** A stored draft is the shopper's latest; the server's draft then fills nothing. */
  const restoredFromStorage = useRef(platform.storage.get(DRAFT_KEY) !== undefined)

  useEffect(() => {
    platform.storage.set(DRAFT_KEY, form)
  }, [form])

  const clearErrors = useCallback<ClearErrors>((names) => setErrors((e) => withoutErrors(e, names)), [])

  /** Sets one field; its own validation message goes once the shopper changes it. */
  const update = useCallback(
    <K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K], clears: FieldName[] = []) => {
      setForm((f) => ({ ...f, [key]: value }))
      if (clears.length) clearErrors((name) => clears.includes(name as FieldName))
    },
    [clearErrors]
  )

  const setContact = useCallback(
    (key: keyof Contact, value: string) => {
      setForm((f) => ({ ...f, contact: { ...f.contact, [key]: value } }))
      clearErrors((name) => name === key)
    },
    [clearErrors]
  )

  const setAddress = useCallback(
    (key: keyof Address, value: string) => {
      setForm((f) => ({ ...f, address: { ...f.address, [key]: value } }))
      clearErrors((name) => name === `address.${key}`)
    },
    [clearErrors]
  )

  return { form, setForm: setForm as SetForm, errors, setErrors, clearErrors, update, setContact, setAddress, restoredFromStorage: restoredFromStorage.current }
}

export type CheckoutDraft = ReturnType<typeof useCheckoutDraft>
