/** Spec §2 add-to-home prompt: banner for 3 seconds, then an icon; accept or dismiss hides both. */
import { useEffect, useMemo, useReducer } from 'react'
import { clearsStoredPrompt, INSTALL_BANNER_MS, installPrompt, installPromptAllowedOn, type InstallPromptEvent } from '@/domain/modals'
import { platform } from '@/platform'
import { useRoute } from './useRoute'

export function useInstallPrompt() {
  // Only H5 has an install capability; mini-programs have none and the prompt never shows.
  const capability = useMemo(() => platform.installPrompt?.() ?? null, [])
  const [state, dispatch] = useReducer(installPrompt, 'hidden')
  const here = installPromptAllowedOn(useRoute().path)

  useEffect(() => capability?.onAvailable(() => dispatch('available')), [capability])

  useEffect(() => {
    if (state !== 'banner') return
    const timer = setTimeout(() => dispatch('bannerTimeout'), INSTALL_BANNER_MS)
    return () => clearTimeout(timer)
  }, [state])

  function finish(event: InstallPromptEvent) {
    dispatch(event)
    if (clearsStoredPrompt(event)) capability?.clear()
  }

  return {
    /** Hidden on the cart and the money path (installPromptAllowedOn), whatever the prompt's own state. */
    state: here ? state : ('hidden' as const),
    async install() {
      const accepted = capability ? await capability.prompt() : false
      finish(accepted ? 'accept' : 'dismiss')
    },
    dismiss: () => finish('dismiss')
  }
}
