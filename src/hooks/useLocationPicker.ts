/** Spec §2 store-location picker: current store in the header, provinces then stores in the modal. */
import { useMemo, useState } from 'react'
import { appInfoApi, type StoreLocation } from '@/api/appInfo'
import { ApiError } from '@/api/http'
import { groupByProvince } from '@/domain/locations'
import { storeName } from '@/domain/locations'
import { useCurrentStore } from '@/hooks/useCurrentStore'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import { useAppInfo } from '@/stores/appInfo'
import { useLocale } from '@/stores/locale'
import { useLocation } from '@/stores/location'
import { useUi } from '@/stores/ui'

export function useLocationPicker() {
  const t = useT()
  const stores = useAppInfo((s) => s.info?.appContent.system.storeLocations)
  const language = useLocale((s) => s.language)
  const isOpen = useUi((s) => s.modal === 'location')
  const current = useCurrentStore()
  const provinces = useMemo(() => groupByProvince(stores), [stores])
  const [province, setProvince] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const close = () => {
    setProvince(null)
    setError(null)
    useUi.getState().openModal(null)
  }

  async function chooseStore(store: StoreLocation) {
    setPending(true)
    setError(null)
    try {
      const res = await appInfoApi.setSelectedStoreLocation(String(store.id))
      useLocation.getState().select({ id: String(store.id), name: storeName(store, language) })
      close()
      if (res?.landingPageUrl) platform.navigate(res.landingPageUrl)
    } catch (err) {
      setError(t('location.failed', { message: err instanceof ApiError ? err.message : String(err) }))
    } finally {
      setPending(false)
    }
  }

  return {
    isOpen,
    /** null: the province list is shown; otherwise that province's stores. */
    province,
    provinces: provinces.map((group) => ({ province: group.province, storeCount: group.stores.length })),
    stores: (provinces.find((group) => group.province === province)?.stores ?? []).map((store) => ({
      store,
      id: String(store.id),
      name: storeName(store, language),
      address: [store.address?.streetNumberAndNameDetails, store.address?.city].filter(Boolean).join(', '),
      selected: current.id !== undefined && String(current.id) === String(store.id)
    })),
    pending,
    error,
    chooseProvince: (name: string) => setProvince(name),
    backToProvinces: () => setProvince(null),
    chooseStore,
    close
  }
}
