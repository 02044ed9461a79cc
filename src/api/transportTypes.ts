/**
 * What a transport is: the request http.ts hands it and the answer it gives back. A file of its own so that the
 * transports (transport.ts, transport.h5.ts) and http.ts, which picks one, do not import each other.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface TransportRequest {
  url: string
  method: Method
  header: Record<string, string>
  data?: unknown
  /** A local file sent as multipart/form-data field `name` (Taro.uploadFile). */
  file?: { path: string; name: string }
  /** Fetch the answer as a file the page can show (an image only its owner's session may read): `data` is its local address. */
  download?: boolean
}
export interface TransportResponse {
  statusCode: number
  data: unknown
  header: Record<string, string | string[] | undefined>
}
export type Transport = (req: TransportRequest) => Promise<TransportResponse>
