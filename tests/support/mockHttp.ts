/**
 * The component tests' network: routes keyed "METHOD /path" (path after /api/istore/client, no query).
 * A value can be data (200), a function of the request, or `fail(status, message)`. Every 200 answer must be one the
 * contract allows: a test whose mock says something the server cannot fails (tests/support/setupComponents.ts).
 * Like the server, every answer to a request that came without the XSRF-TOKEN cookie sets one (jsdom's cookie jar).
 */
import { setTransport, type TransportRequest, type TransportResponse } from '@/api/http'
import { firstScreenOf } from '@shared/firstScreen'
import { buildQuery } from '@shared/apiQuery'
import { contractProblems } from './contract'

const violations: string[] = []

/** The contract problems of the mocked answers since the last call. */
export function takeContractViolations(): string[] {
  return violations.splice(0)
}

export interface Failure {
  __fail: true
  status: number
  message: string
}
export const MOCK_XSRF_TOKEN = 'mock-xsrf-token'
export const fail = (status: number, message: string): Failure => ({ __fail: true, status, message })

export interface BeyondContract {
  __beyondContract: string
  value: unknown
}
/**
 * An answer the reference server never gives but another back end may (the spec's error catalogue covers it), for a
 * test of the client's handling: `why` names the rule, and the answer skips the contract check.
 */
export const beyondContract = (value: unknown, why: string): BeyondContract => ({ __beyondContract: why, value })

type Handler = unknown | ((req: TransportRequest & { path: string; query: Record<string, string> }) => unknown)

export interface MockHttp {
  calls: { method: string; path: string; query: Record<string, string>; body: unknown; header: Record<string, string> }[]
  set(key: string, handler: Handler): void
}

export function mockHttp(routes: Record<string, Handler> = {}): MockHttp {
  const table = new Map(Object.entries(routes))
  const calls: MockHttp['calls'] = []
  setTransport(async (req): Promise<TransportResponse> => {
    if (!/(?:^|;\s*)XSRF-TOKEN=/.test(document.cookie)) document.cookie = `XSRF-TOKEN=${MOCK_XSRF_TOKEN}; path=/`
    const url = new URL(req.url, 'http://test.local')
    const path = url.pathname.replace(/^\/api\/istore\/client/, '')
    const query = Object.fromEntries(url.searchParams)
    calls.push({ method: req.method, path, query, body: req.data, header: req.header })
    const key = `${req.method} ${path}`
    if (!table.has(key)) return { statusCode: 404, data: { message: `No mock for ${key}`, errors: [`No mock for ${key}`] }, header: {} }
    const handler = table.get(key)
    const value = typeof handler === 'function' ? await (handler as (r: unknown) => unknown)({ ...req, path, query }) : handler
    if (value && typeof value === 'object' && (value as Failure).__fail) {
      const f = value as Failure
      return { statusCode: f.status, data: { message: f.message, errors: [f.message] }, header: {} }
    }
    if (value && typeof value === 'object' && (value as BeyondContract).__beyondContract) {
      return { statusCode: 200, data: (value as BeyondContract).value, header: {} }
    }
    violations.push(...contractProblems(req.method, path, value))
    return { statusCode: 200, data: value, header: {} }
  })
  return { calls, set: (key, handler) => table.set(key, handler) }
}

/** The GETs asked so far, path and query as the http client matches a written answer (shared/initialAnswers.ts). */
export const askedGets = (http: MockHttp): string[] => http.calls.filter((c) => c.method === 'GET').map((c) => `${c.path}${buildQuery(c.query)}`)

/** The public GETs the server answers ahead for `url` (shared/firstScreen.ts); they must be asked. */
export function firstScreenKeys(url: string): string[] {
  const gets = firstScreenOf(url)?.gets ?? []
  if (!gets.length) throw new Error(`${url}: the server answers nothing ahead for it`)
  return gets
}
