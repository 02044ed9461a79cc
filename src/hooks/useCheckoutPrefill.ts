/**
 * What the shopper does not have to give again: the store they are browsing, for pickup or eat-in; and, signed in,
 * their contact details and the saved shipping addresses offered for delivery (the default, or only, one filling a
 * blank delivery form).
 */
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { accountApi } from '@/api/account'
import type { StoreLocation } from '@/api/appInfo'
import { preselectedStore, prefilledContact } from '@/domain/checkoutForm'
import { addressFromSaved, preselectedAddress, savedAddressKey, selectedSavedAddressKey } from '@/domain/savedAddresses'
import { selectLoggedIn, useAppInfo } from '@/stores/appInfo'
import type { CheckoutDraft } from './useCheckoutDraft'
import { useCurrentStore } from './useCurrentStore'
import { useLoad } from './useLoad'

export function useCheckoutPrefill(
  { form, setForm, clearErrors }: Pick<CheckoutDraft, 'form' | 'setForm' | 'clearErrors'>,
  stores: readonly StoreLocation[] | null
) {
  const loggedIn = useAppInfo(selectLoggedIn)
  const userID = useAppInfo((s) => s.info?.userID)
  const user = useAppInfo((s) => s.info?.user)
  const hasBook = loggedIn && !!userID
  const loadBook = useCallback(async () => (await accountApi.addresses(userID as string, 'SHIPPING')).addresses ?? [], [userID])
  const book = useLoad(loadBook, hasBook)
  // Checkout works without the address book (the shopper types the address instead); null = not known yet.
  const savedAddresses = !hasBook ? null : book.error ? [] : book.data

  // Once delivery is chosen and the address book is known, the default (or only) address goes into a blank form —
  // decided once, so neither a typed address nor one the shopper cleared on purpose is ever replaced.
  const preselectDecided = useRef(false)
  useEffect(() => {
    if (preselectDecided.current || form.method !== 'DELIVERY' || !savedAddresses) return
    preselectDecided.current = true
    setForm((f) => {
      const address = preselectedAddress(savedAddresses, f.address)
      return address ? { ...f, address } : f
    })
  }, [form.method, savedAddresses, setForm])

  // Pickup and eat-in start at the store the shopper is browsing (the header's); a chosen store stays.
  const currentStoreId = useCurrentStore().id
  useEffect(() => {
    if (!stores) return
    setForm((f) => (f.storeId ? f : { ...f, storeId: preselectedStore(stores, currentStoreId) }))
  }, [stores, currentStoreId, setForm])

  useEffect(() => {
    if (!user) return
    setForm((f) => {
      const contact = prefilledContact(f.contact, user)
      return contact === f.contact ? f : { ...f, contact }
    })
  }, [user, setForm])

  /** The shopper picked a saved address: it fills every delivery field (still editable) and their messages go. */
  const chooseSavedAddress = useCallback(
    (key: string) => {
      const saved = (savedAddresses ?? []).find((a, i) => savedAddressKey(a, i) === key)
      if (!saved) return
      preselectDecided.current = true
      setForm((f) => ({ ...f, address: addressFromSaved(saved) }))
      clearErrors((name) => name.startsWith('address.'))
    },
    [savedAddresses, setForm, clearErrors]
  )

  const delivery = form.method === 'DELIVERY'
  const savedAddressChoices = useMemo(
    () => (loggedIn && delivery ? (savedAddresses ?? []).map((address, index) => ({ key: savedAddressKey(address, index), address })) : []),
    [loggedIn, delivery, savedAddresses]
  )
  const selectedSavedAddress = useMemo(() => selectedSavedAddressKey(savedAddresses ?? [], form.address), [savedAddresses, form.address])

  return { savedAddressChoices, selectedSavedAddress, chooseSavedAddress }
}
