/**
 * The one HTTP client of the storefront (spec §7): every call under /api/istore/client, sent with
 * credentials, with the XSRF-TOKEN cookie echoed in the X-XSRF-TOKEN header. Where the platform has
 * no cookie jar (mini-programs) the client keeps the cookies itself.
 */
import { platform } from '@/platform'
import { platformTransport } from './transport'

export const API_PREFIX = '/api/istore/client'
export const XSRF_COOKIE = 'XSRF-TOKEN'
export const XSRF_HEADER = 'X-XSRF-TOKEN'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
export type Query = Record<string, string | number | boolean | undefined | null>

export interface TransportRequest {
  url: string
  method: Method
  header: Record<string, string>
  data?: unknown
  /** A local file sent as multipart/form-data field `name` (Taro.uploadFile). */
  file?: { path: string; name: string }
}
export interface TransportResponse {
  statusCode: number
  data: unknown
  header: Record<string, string | string[] | undefined>
}
export type Transport = (req: TransportRequest) => Promise<TransportResponse>

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

export function buildQuery(query?: Query): string {
  if (!query) return ''
  const parts: string[] = []
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
  }
  return parts.length ? `?${parts.join('&')}` : ''
}

function errorsOf(data: unknown, status: number): string[] {
  if (data && typeof data === 'object') {
    const body = data as { errors?: unknown; message?: unknown }
    if (Array.isArray(body.errors) && body.errors.length) return body.errors.map(String)
    if (typeof body.message === 'string' && body.message) return [body.message]
  }
  return [status === 0 ? 'Network error, please check your connection' : `Request failed (${status})`]
}

export async function request<T>(
  method: Method,
  path: string,
  options: { query?: Query; body?: unknown; file?: TransportRequest['file'] } = {}
): Promise<T> {
  const header: Record<string, string> = { Accept: 'application/json' }
  if (options.body !== undefined) header['Content-Type'] = 'application/json'
  const xsrf = platform.cookies.read(XSRF_COOKIE)
  if (xsrf) header[XSRF_HEADER] = xsrf
  const cookie = platform.cookies.header()
  if (cookie) header.Cookie = cookie

  let res: TransportResponse
  try {
    res = await transport({
      url: `${platform.apiOrigin()}${API_PREFIX}${path}${buildQuery(options.query)}`,
      method,
      header,
      data: options.body,
      file: options.file
    })
  } catch (err) {
    throw new ApiError(0, errorsOf(null, 0), err)
  }
  platform.cookies.remember(res.header['Set-Cookie'] ?? res.header['set-cookie'])
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
