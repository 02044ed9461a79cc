/**
 * Answers the server wrote into the page it served (H5: a JSON script in index.html, issue 16): app info and the first
 * page's public data, keyed by the API path and query exactly as the app asks for them (both sides build them with the
 * same rules: shared/firstScreen.ts, shared/apiQuery.ts; a read-only POST also by its body: writtenKey). The
 * http client answers the first matching request of each from here instead of a round trip; every entry answers once (a retry or a refresh goes to the server)
 * and only while it is fresh (an entry nobody asked for at start-up is not shown minutes later).
 */

import { LIVE_ROOMS_POST } from './firstScreen.ts'

/** The id of the script element holding the answers (server/src/lib/firstScreen.ts writes it). */
export const INITIAL_ANSWERS_ID = 'istore-initial'

/** How long after the page started an entry may still answer. */
export const INITIAL_ANSWERS_MAX_AGE_MS = 30_000

/** The POSTs that only read, whose answers may be written (shared/firstScreen.ts). */
const READ_POSTS = new Set([LIVE_ROOMS_POST])

/**
 * The key of a request's written answer: a GET's path and query; a read-only POST's path and query with its body's
 * JSON (the same body is the same read); none for any other request, which always goes to the server.
 */
export function writtenKey(method: string, pathAndQuery: string, body?: unknown): string | undefined {
  if (method === 'GET') return pathAndQuery
  if (method === 'POST' && READ_POSTS.has(pathAndQuery)) return `POST ${pathAndQuery} ${JSON.stringify(body ?? {})}`
  return undefined
}

export interface InitialAnswers {
  /** The written answer under this key (writtenKey), once; undefined when there is none. */
  take(key: string): unknown
}

/**
 * The answers of the script's text (`{ "<path?query>": <answer> }`). Text that is missing or not such an object gives
 * no answers: the app then asks the server as usual.
 */
export function initialAnswers(text: string | null | undefined, now: () => number, startedAt = now()): InitialAnswers {
  const entries = new Map<string, unknown>()
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text)
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [key, value] of Object.entries(parsed)) entries.set(key, value)
      }
    } catch {
      // not JSON: no answers
    }
  }
  return {
    take(key) {
      if (!entries.size) return undefined
      if (now() - startedAt > INITIAL_ANSWERS_MAX_AGE_MS) {
        entries.clear()
        return undefined
      }
      const answer = entries.get(key)
      entries.delete(key)
      return answer
    }
  }
}
