/** Spec §2 location modal and §5 "Location lists only stores flagged display and not virtual". */
import type { StoreLocation } from '@contract/appInfo'
import type { Language } from '@/i18n'
import { localizedName } from './menus'

export interface StoreAddress {
  streetNumberAndNameDetails?: string
  city?: string
  province?: string
  postCode?: string
}

export interface Store {
  id: string | number
  display: boolean
  virtual: boolean
  localStoreName: string
  address: StoreAddress
}

export interface ProvinceGroup {
  province: string
  stores: Store[]
}

export function visibleStores<S extends Store>(stores: readonly S[] | null | undefined): S[] {
  return (stores ?? []).filter((s) => s.display === true && !s.virtual)
}

/**
 * Visible stores grouped by province: provinces sorted, stores sorted by name.
 * Stores without a province are grouped under '' and that group comes last.
 */
export function groupByProvince<S extends Store>(stores: readonly S[] | null | undefined): { province: string; stores: S[] }[] {
  const groups = new Map<string, S[]>()
  for (const store of visibleStores(stores)) {
    const province = (store.address?.province ?? '').trim()
    const list = groups.get(province) ?? []
    list.push(store)
    groups.set(province, list)
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([province, list]) => ({
      province,
      stores: list.sort((x, y) => (x.localStoreName ?? '').localeCompare(y.localStoreName ?? ''))
    }))
}

/** A store's name in the shopper's language. */
export function storeName(store: StoreLocation, language: Language): string {
  return localizedName({ name: store.localStoreName, nameContent: store.localStoreNameContent }, language)
}
