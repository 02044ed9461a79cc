/** Shell state: side menu and modals (spec §4: open/closed, shown/hidden). */
import { create } from 'zustand'

export type ModalName = 'languageCurrency' | 'location' | 'support' | null

interface UiState {
  sideMenuOpen: boolean
  modal: ModalName
  setSideMenu(open: boolean): void
  openModal(modal: ModalName): void
}

export const useUi = create<UiState>((set) => ({
  sideMenuOpen: false,
  modal: null,
  setSideMenu: (sideMenuOpen) => set({ sideMenuOpen }),
  openModal: (modal) => set({ modal, sideMenuOpen: false })
}))
