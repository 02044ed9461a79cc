/**
 * Cookie keeping for clients without a cookie jar (the mini-programs): remembers cookies from
 * Set-Cookie headers and builds the Cookie header to send back. Pure; storage is injected.
 */
export interface CookieStorage {
  load(): Record<string, string>
  save(cookies: Record<string, string>): void
}

/** Splits a folded Set-Cookie header ("a=1; Path=/, b=2; Expires=Wed, 21 Oct 2026 ...") into cookies. */
export function splitSetCookie(header: string | string[] | undefined): string[] {
  if (!header) return []
  const parts = Array.isArray(header) ? header : header.split(/,(?=\s*[A-Za-z0-9_\-.]+=)/)
  return parts.map((p) => p.trim()).filter(Boolean)
}

export function applySetCookie(jar: Record<string, string>, setCookies: string[]): Record<string, string> {
  const next = { ...jar }
  for (const cookie of setCookies) {
    const [pair, ...attrs] = cookie.split(';')
    const eq = pair.indexOf('=')
    if (eq <= 0) continue
    const name = pair.slice(0, eq).trim()
    const value = pair.slice(eq + 1).trim()
    const expired = attrs.some((a) => {
      const [k, v] = a.split('=').map((s) => s.trim().toLowerCase())
      return (k === 'max-age' && Number(v) <= 0) || (k === 'expires' && Date.parse(v) < Date.now())
    })
    if (expired || value === '') delete next[name]
    else next[name] = value
  }
  return next
}

export function cookieHeader(jar: Record<string, string>): string {
  return Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ')
}

export function readDocumentCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim())
  }
  return undefined
}
