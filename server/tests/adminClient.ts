/**
 * A browser at the back office for the server's tests (admin*.test.ts): cookies kept per path as a browser keeps them,
 * the XSRF token echoed on every method but GET.
 */
import type { Res } from './helpers.ts';

export const ADMIN = '/api/istore/admin';

export class Staff {
  cookies = new Map<string, { value: string; attrs: string }>();
  xsrf = '';
  constructor(public base: string) {}
  cookieHeader(url: string) {
    return [...this.cookies].filter(([, c]) => url.startsWith((/path=([^;]+)/i.exec(c.attrs)?.[1] ?? '/').trim()))
      .map(([k, c]) => `${k}=${c.value}`).join('; ');
  }
  async req(method: string, url: string, body?: unknown, opts: { xsrf?: boolean; headers?: Record<string, string> } = {}): Promise<Res> {
    const full = url.startsWith('/api/') || url.startsWith('/admin') ? url : ADMIN + url;
    const headers: Record<string, string> = { ...opts.headers };
    const cookie = this.cookieHeader(full);
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET' && opts.xsrf !== false) {
      if (!this.xsrf) await this.session();
      headers['x-xsrf-admin'] = this.xsrf;
      headers.cookie = this.cookieHeader(full);
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(this.base + full, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const setCookies = r.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i).trim(), { value: pair.slice(i + 1).trim(), attrs: attrs.join(';') });
    }
    const text = await r.text();
    const parsed = (r.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    if (parsed && typeof parsed === 'object' && typeof parsed.xsrfToken === 'string') this.xsrf = parsed.xsrfToken;
    return { status: r.status, body: parsed, headers: r.headers, setCookies };
  }
  session() { return this.req('GET', '/session'); }
  get(url: string) { return this.req('GET', url); }
  post(url: string, body: unknown = {}, opts?: { xsrf?: boolean; headers?: Record<string, string> }) { return this.req('POST', url, body, opts); }
  async signIn(email: string, password: string) { return this.post('/signin', { email, password }); }
}

