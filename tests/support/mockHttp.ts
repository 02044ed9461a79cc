/**
 * The component tests' network: routes keyed "METHOD /path" (path after /api/istore/client, no query).
 * A value can be data (200), a function of the request, or `fail(status, message)`.
 * Like the server, every answer to a request that came without the XSRF-TOKEN cookie sets one (jsdom's cookie jar).
 */
import { setTransport, type TransportRequest, type TransportResponse } from '@/api/http'

export interface Failure {
  __fail: true
  status: number
  message: string
}
export const MOCK_XSRF_TOKEN = 'mock-xsrf-token'
export const fail = (status: number, message: string): Failure => ({ __fail: true, status, message })

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
    return { statusCode: 200, data: value, header: {} }
  })
  return { calls, set: (key, handler) => table.set(key, handler) }
}
