import { useCallback, useEffect, useState } from 'react'
import { platform } from '@/platform'

/**
 * After a refused submit, the first invalid field under `scope` (the whole page when omitted) takes the focus and is
 * brought into view with its label and message (platform.revealInvalidField). Call the returned function once the
 * messages are set: the field is found after they have rendered.
 */
export function useRevealInvalid(scope?: string): () => void {
  const [refusals, setRefusals] = useState(0)
  useEffect(() => {
    if (refusals) platform.revealInvalidField(scope)
  }, [refusals, scope])
  return useCallback(() => setRefusals((n) => n + 1), [])
}
