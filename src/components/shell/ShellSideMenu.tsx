import { SideMenu } from './SideMenu'

/** The side menu (renders nothing while closed). H5 (ShellSideMenu.h5.tsx) fetches it when first opened. */
export function ShellSideMenu() {
  return <SideMenu />
}
