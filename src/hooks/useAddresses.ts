/**
 * Address book in my account (getAddresses / updateAddresses, with supportedCountries and provinces).
 * The whole list is saved at once; a failed save keeps the list and the typed address as they were.
 */
import { useCallback, useEffect, useState } from 'react'
import { accountApi, type Address, type AddressType, type Country, type Province } from '@/api/account'
import { validateAddress, type AddressValues } from '@/domain/accountForms'
import { messageOf, ShopperError } from '@/domain/errors'
import { formatCanadianPostcode } from '@/domain/postcode'
import { useAppInfo } from '@/stores/appInfo'
import { useAccountForm } from './useAccountForm'
import { useLoad } from './useLoad'
import { useT } from './useT'

const TYPE: AddressType = 'SHIPPING'

const emptyAddress = (country: string): AddressValues => ({
  firstName: '',
  lastName: '',
  phone: '',
  streetNumberAndNameDetails: '',
  unit: '',
  city: '',
  province: '',
  postCode: '',
  country
})

const trimmed = (v: AddressValues): Address => ({
  firstName: v.firstName.trim(),
  lastName: v.lastName.trim(),
  phone: v.phone.trim(),
  streetNumberAndNameDetails: v.streetNumberAndNameDetails.trim(),
  unit: v.unit?.trim() || undefined,
  city: v.city.trim(),
  province: v.province,
  postCode: v.country === 'CA' ? formatCanadianPostcode(v.postCode) : v.postCode.trim().toUpperCase(),
  country: v.country
})

export function useAddresses() {
  const t = useT()
  const userID = useAppInfo((s) => s.info?.userID)
  const loadAddresses = useCallback(async () => (await accountApi.addresses(userID as string, TYPE)).addresses, [userID])
  const { data: addresses, error: loadError, reload: load, setData: setAddresses } = useLoad(loadAddresses, !!userID)
  const [countries, setCountries] = useState<Country[]>([])
  const [provinces, setProvinces] = useState<Record<string, Province[]>>({})
  /** Index being edited, 'new' for a new address, null when only the list shows. */
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const form = useAccountForm<AddressValues>(emptyAddress(''), validateAddress)
  const [removeError, setRemoveError] = useState<string | null>(null)
  /** The list before the last removal, while its Undo is offered. */
  const [beforeRemoval, setBeforeRemoval] = useState<Address[] | null>(null)

  useEffect(() => {
    accountApi.countries().then(setCountries).catch(() => setCountries([]))
  }, [])

  const country = form.values.country
  useEffect(() => {
    if (!country || provinces[country]) return
    accountApi
      .provinces(country)
      .then((list) => setProvinces((prev) => ({ ...prev, [country]: list })))
      .catch(() => undefined)
  }, [country, provinces])

  // A new address starts in the store's first country, also when it was opened before the country list arrived.
  const firstCountry = countries[0]?.code
  const { setField } = form
  useEffect(() => {
    if (editing === 'new' && !country && firstCountry) setField('country', firstCountry)
  }, [editing, country, firstCountry, setField])

  const startNew = () => {
    setBeforeRemoval(null)
    form.setValues(emptyAddress(countries[0]?.code ?? ''))
    setEditing('new')
  }
  const startEdit = (index: number) => {
    setBeforeRemoval(null)
    const address = addresses?.[index]
    if (!address) return
    form.setValues({ ...address, unit: address.unit ?? '' })
    setEditing(index)
  }
  const chooseCountry = (code: string) => {
    form.setField('country', code)
    form.setField('province', '')
  }

  const saveList = async (list: Address[]) => {
    if (!userID) throw new ShopperError('account.error.notSignedIn', 'Not signed in')
    setAddresses((await accountApi.updateAddresses(userID, TYPE, list)).addresses)
  }

  const save = () =>
    form.submit(async (values) => {
      const current = addresses ?? []
      const list =
        editing === 'new' || editing === null
          ? [...current, trimmed(values)]
          : current.map((a, i) => (i === editing ? { ...a, ...trimmed(values) } : a))
      await saveList(list)
      setEditing(null)
    })

  const remove = async (index: number) => {
    setRemoveError(null)
    setBeforeRemoval(null)
    const before = addresses ?? []
    try {
      await saveList(before.filter((_, i) => i !== index))
      setBeforeRemoval(before)
    } catch (err) {
      setRemoveError(messageOf(err, t))
    }
  }

  /** Saves the list as it was before the last removal (the address back in its place). */
  const undoRemove = async () => {
    if (!beforeRemoval) return
    const list = beforeRemoval
    setBeforeRemoval(null)
    try {
      await saveList(list)
    } catch (err) {
      setRemoveError(messageOf(err, t))
    }
  }

  return {
    addresses,
    loadError,
    reload: load,
    countries,
    provinces: provinces[country] ?? [],
    editing,
    form,
    startNew,
    startEdit,
    cancel: () => setEditing(null),
    chooseCountry,
    save,
    remove,
    removed: beforeRemoval !== null,
    undoRemove,
    removeError
  }
}
