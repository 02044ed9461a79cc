/** The shopper's selected store location (spec §3 client state "location"), kept across reloads. */
import { create } from 'zustand'
import { platform } from '@/platform'

const KEY = 'istore.location'

export interface SelectedLocation {
  id: string
  /** Name at the time of choosing; the current language's name is looked up from app info when shown. */
  name: string
}

interface LocationState {
  selected: SelectedLocation | null
  select(location: SelectedLocation): void
}

export const useLocation = create<LocationState>((set) => ({
  selected: platform.storage.get<SelectedLocation>(KEY) ?? null,
  select(location) {
    set({ selected: location })
    platform.storage.set(KEY, location)
  }
}))
