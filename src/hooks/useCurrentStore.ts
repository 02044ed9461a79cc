/** The selected store, as the header shows it (the location modal's picker is useLocationPicker.ts). */
import { storeName } from '@/domain/locations'
import { localizedName } from '@/domain/menus'
import { truncateStoreName } from '@/domain/truncation'
import { platform } from '@/platform'
import { selectConfig, useAppInfo } from '@/stores/appInfo'
import { useLocale } from '@/stores/locale'
import { useLocation } from '@/stores/location'
import { useUi } from '@/stores/ui'

/** The selected store: the shopper's choice, else the one the server reports (appDetail.locid / locname). */
export function useCurrentStore() {
  const enabled = useAppInfo((s) => selectConfig(s).enableMultiLocationSelection === true)
  const stores = useAppInfo((s) => s.info?.appContent.system.storeLocations)
  const detail = useAppInfo((s) => s.info?.appContent.appDetail)
  const selected = useLocation((s) => s.selected)
  const language = useLocale((s) => s.language)
  const id = selected?.id ?? detail?.locid
  const store = id === undefined ? undefined : stores?.find((s) => String(s.id) === String(id))
  const reported = detail && localizedName({ name: detail.locname, nameContent: detail.locnameContent }, language)
  const name = store ? storeName(store, language) : (selected?.name ?? reported ?? '')
  return {
    enabled,
    id,
    name,
    shortName: truncateStoreName(name, platform.windowWidth()),
    open: () => useUi.getState().openModal('location')
  }
}
