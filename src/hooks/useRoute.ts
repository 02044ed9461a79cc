import { useState } from 'react'
import { platform, type RouteState } from '@/platform'

/** The page's route in public terms (path + params), fixed at the page's mount. */
export function useRoute(): RouteState {
  const [route] = useState(() => platform.currentRoute())
  return route
}
