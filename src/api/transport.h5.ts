/**
 * How a request reaches the server on H5: the browser's own fetch (every browser the app supports has
 * it). Taro.request would bring Taro's fetch and AbortController polyfills and its JSONP client into
 * the first load for nothing. Same contract as transport.ts: any HTTP status resolves, only a network
 * failure rejects; a body that is not JSON comes back as text.
 */
import type { Transport } from './transportTypes'

export const platformTransport: Transport = async (req) => {
  const headers: Record<string, string> = { ...req.header }
  // The browser keeps the cookies itself (credentials: 'include') and refuses a Cookie header anyway.
  delete headers.Cookie
  let body: BodyInit | undefined
  if (req.file) {
    // A chosen picture is an object URL (blob:…), as Taro's H5 chooseImage hands it back.
    const blob = await (await fetch(req.file.path)).blob()
    const form = new FormData()
    form.append(req.file.name, blob, blob instanceof File && blob.name ? blob.name : `file-${Date.now()}`)
    body = form
    delete headers['Content-Type'] // fetch sets multipart/form-data with its boundary
  } else if (req.data !== undefined && req.method !== 'GET') {
    body = JSON.stringify(req.data)
  }
  const res = await fetch(req.url, { method: req.method, headers, body, credentials: 'include' })
  if (req.download && res.ok) return { statusCode: res.status, data: await dataUrlOf(await res.blob()), header: {} }
  const text = await res.text()
  let data: unknown = text
  if (text) {
    try {
      data = JSON.parse(text)
    } catch {
      // not JSON: keep the text
    }
  }
  const header: Record<string, string> = {}
  res.headers.forEach((value, name) => {
    header[name] = value
  })
  return { statusCode: res.status, data, header }
}

/** A data: URL rather than an object URL: nothing to revoke when the page that shows it goes away. */
function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as string)
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(blob)
  })
}
