/**
 * The one home of "load, show a spinner, show the error with a retry": `loading` until the first answer, the
 * failure's message as `error`, `reload` for the retry button. Only the latest call's answer counts, so a slow
 * earlier answer (or one arriving after the page went away) never overwrites a newer one.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '@/api/http'
import { messageOf } from '@/domain/errors'

export interface Loaded<T> {
  data: T | null
  loading: boolean
  error: string | null
  /** The server said there is no such thing (404): a retry cannot help, so the view offers none. */
  missing: boolean
  reload(): Promise<void>
  /** Replaces the answer with a later one (an action's response, e.g. the order after cancelling it). */
  setData(data: T): void
}

/** `load` must be stable (useCallback): a new `load` loads again. `enabled: false` loads nothing and keeps no data. */
export function useLoad<T>(load: () => Promise<T>, enabled = true): Loaded<T> {
  const [state, setState] = useState<Omit<Loaded<T>, 'reload' | 'setData'>>({ data: null, loading: enabled, error: null, missing: false })
  const latest = useRef(0)

  const reload = useCallback(async () => {
    const call = ++latest.current
    setState((s) => ({ ...s, loading: true, error: null, missing: false }))
    try {
      const data = await load()
      if (call === latest.current) setState({ data, loading: false, error: null, missing: false })
    } catch (err) {
      const missing = err instanceof ApiError && err.status === 404
      if (call === latest.current) setState((s) => ({ ...s, loading: false, error: messageOf(err), missing }))
    }
  }, [load])

  // A new `load` asks for something else: the previous answer is not kept while it loads (a retry keeps it).
  useEffect(() => {
    setState({ data: null, loading: enabled, error: null, missing: false })
    if (enabled) void reload()
    return () => {
      latest.current++
    }
  }, [reload, enabled])

  const setData = useCallback((data: T) => setState((s) => ({ ...s, data })), [])

  return { ...state, reload, setData }
}
