/**
 * The one HTTP client of the storefront (spec §7): every call under /api/istore/client, sent with
 * credentials, with the XSRF-TOKEN cookie echoed in the X-XSRF-TOKEN header. Where the platform has
 * no cookie jar (mini-programs) the client keeps the cookies itself.
 */
import { buildQuery, type Query } from '@shared/apiQuery'
import { platform } from '@/platform'
import { platformTransport } from './transport'
import type { Method, Transport, TransportRequest, TransportResponse } from './transportTypes'

export const API_PREFIX = '/api/istore/client'
export const XSRF_COOKIE = 'XSRF-TOKEN'

/** A path under the API as an absolute URL on the API origin (a mini-program has no page origin; H5's is its own). */
export const apiUrl = (path: string) => `${platform.apiOrigin()}${API_PREFIX}${path}`
export const XSRF_HEADER = 'X-XSRF-TOKEN'

export type { Method, Transport, TransportRequest, TransportResponse }
export type { Query }
export { buildQuery }

/** A failed call: the server's messages (spec §8 shows the first), or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
    readonly body?: unknown
  ) {
    super(errors[0] ?? `Request failed (${status})`)
    this.name = 'ApiError'
  }
}

let transport: Transport = platformTransport

/** Component tests replace the network here, and only here. */
export function setTransport(next: Transport | null): void {
  transport = next ?? platformTransport
}

function errorsOf(data: unknown, status: number): string[] {
  if (data && typeof data === 'object') {
    const body = data as { errors?: unknown; message?: unknown }
    if (Array.isArray(body.errors) && body.errors.length) return body.errors.map(String)
    if (typeof body.message === 'string' && body.message) return [body.message]
  }
  return [status === 0 ? 'Network error, please check your connection' : `Request failed (${status})`]
}

const UNSAFE_METHODS: ReadonlySet<Method> = new Set(['POST', 'PUT', 'DELETE'])
/** A GET every server of the contract answers cheaply (server/CONTRACT.md), sent only to obtain the XSRF cookie. */
const XSRF_PRIMER_PATH = '/health'

/** Requests on their way, each settling once its answer's cookies are kept. */
const unanswered = new Set<Promise<unknown>>()

/**
 * The server sets the XSRF-TOKEN cookie on the answer to any request that came without it, and refuses an unsafe
 * request without it (403). A page opened cold can send a POST before any answer has arrived (live rooms, checkout):
 * an unsafe request waits for the answers on their way, and when none brought the cookie, sends a GET to obtain it.
 */
async function xsrfTokenForUnsafeRequest(): Promise<string | undefined> {
  const known = platform.cookies.read(XSRF_COOKIE)
  if (known) return known
  if (unanswered.size) await Promise.allSettled([...unanswered])
  const answered = platform.cookies.read(XSRF_COOKIE)
  if (answered) return answered
  await send('GET', XSRF_PRIMER_PATH, {}, undefined).catch(() => undefined)
  return platform.cookies.read(XSRF_COOKIE)
}

async function send(method: Method, path: string, options: RequestOptions, xsrf: string | undefined): Promise<TransportResponse> {
  const header: Record<string, string> = { Accept: 'application/json' }
  if (options.body !== undefined) header['Content-Type'] = 'application/json'
  if (xsrf) header[XSRF_HEADER] = xsrf
  const cookie = platform.cookies.header()
  if (cookie) header.Cookie = cookie

  const answered = transport({
    url: `${apiUrl(path)}${buildQuery(options.query)}`,
    method,
    header,
    data: options.body,
    file: options.file,
    download: options.download
  }).then((res) => {
    platform.cookies.remember(res.header['Set-Cookie'] ?? res.header['set-cookie'])
    return res
  })
  unanswered.add(answered)
  try {
    return await answered
  } catch (err) {
    throw new ApiError(0, errorsOf(null, 0), err)
  } finally {
    unanswered.delete(answered)
  }
}

interface RequestOptions {
  query?: Query
  body?: unknown
  file?: TransportRequest['file']
  download?: boolean
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  // H5: the first matching read is answered from what the server wrote into the page (shared/initialAnswers.ts).
  const written = options.download ? undefined : platform.writtenAnswer?.(method, `${path}${buildQuery(options.query)}`, options.body)
  if (written !== undefined) return written as T
  const xsrf = UNSAFE_METHODS.has(method) ? await xsrfTokenForUnsafeRequest() : platform.cookies.read(XSRF_COOKIE)
  const res = await send(method, path, options, xsrf)
  if (res.statusCode < 200 || res.statusCode >= 300) throw new ApiError(res.statusCode, errorsOf(res.data, res.statusCode), res.data)
  return res.data as T
}

export const http = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown, query?: Query) => request<T>('POST', path, { body: body ?? {}, query }),
  put: <T>(path: string, body?: unknown, query?: Query) => request<T>('PUT', path, { body: body ?? {}, query }),
  delete: <T>(path: string, query?: Query) => request<T>('DELETE', path, { query })
}

/** Uploads a local file (a chooseImage path) as multipart field `field`, with the same session and XSRF as every call. */
export const upload = <T>(path: string, filePath: string, field: string) =>
  request<T>('POST', path, { file: { path: filePath, name: field } })

/**
 * Fetches a file with the session (an <Image> on the mini-programs sends no cookies) and resolves to an address an
 * <Image> can show: a temporary file on the mini-programs, an object URL on H5.
 */
export const download = (path: string) => request<string>('GET', path, { download: true })
