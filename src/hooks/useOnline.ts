import { useSyncExternalStore } from 'react'
import { platform } from '@/platform'

/** Whether the device has a network connection; the component re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(platform.connectivity.subscribe, platform.connectivity.online)
}
