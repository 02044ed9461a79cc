/**
 * Security probe findings 10, 11, 12, 14: security headers and a CSP on every answer, HSTS and Secure cookies behind
 * TLS, no polyglot uploads, 400 (not 500) for NUL / lone surrogates, no trust in X-Forwarded-Host, slow requests
 * time out.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { serverOnFreshDb, withFreshServer, Shopper, reservedDelivery, isError, ok, PREFIX } from './helpers.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/index.ts';

let staticDir: string;
const INLINE = 'window.__rem = 1;';
const { srv } = serverOnFreshDb((db) => {
  staticDir = path.join(db.dataDir, 'h5');
  fs.mkdirSync(staticDir);
  fs.writeFileSync(path.join(staticDir, 'index.html'), `<!doctype html><html><head><script>${INLINE}</script><script src="/js/app.js"></script></head><body></body></html>`);
  return { staticDir };
});

function assertHardened(h: Headers, csp = true) {
  assert.equal(h.get('x-content-type-options'), 'nosniff');
  assert.equal(h.get('referrer-policy'), 'strict-origin-when-cross-origin');
  assert.equal(h.get('x-frame-options'), 'DENY');
  if (csp) assert.match(h.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
}

test('every answer carries nosniff, Referrer-Policy, frame-ancestors; the app page a CSP with its inline script hash', async () => {
  const s = new Shopper(srv.base);
  const api = await s.get('/common3/appInfoInit');
  assertHardened(api.headers);
  assert.equal(api.headers.get('cache-control'), 'no-store');
  const page = await s.get('~/checkout/cart');
  assert.equal(page.status, 200);
  assertHardened(page.headers);
  const csp = page.headers.get('content-security-policy')!;
  const hash = crypto.createHash('sha256').update(INLINE).digest('base64');
  assert.match(csp, new RegExp(`script-src 'self' https://res.wx.qq.com https://appx 'sha256-${hash.replace(/[+/]/g, (c) => `\\${c}`)}'`));
  assert.match(csp, /object-src 'none'/);
  assert.equal(page.headers.get('strict-transport-security'), null, 'no HSTS over plain HTTP');
  // the app's scripts get no CSP of their own: on sw.js it would bind the service worker and block its fetches
  fs.writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  const sw = await s.get('~/sw.js');
  assert.equal(sw.status, 200);
  assertHardened(sw.headers, false);
  assert.equal(sw.headers.get('content-security-policy'), null);
});

test('the sandbox payment page gets a CSP that allows exactly its own inline script', async () => {
  const s = new Shopper(srv.base);
  const orderID = await reservedDelivery(s);
  const { redirectUrl } = ok(await s.post('/shoppingManagement4/requestOTTH5Payment', { orderID }));
  const page = await s.get(`~${new URL(redirectUrl).pathname}`);
  assertHardened(page.headers);
  const script = /<script>([\s\S]*?)<\/script>/.exec(page.body)![1];
  const hash = crypto.createHash('sha256').update(script).digest('base64');
  assert.ok(page.headers.get('content-security-policy')!.includes(`'sha256-${hash}'`));
});

test('behind a trusted TLS proxy: HSTS and Secure cookies; an untrusted X-Forwarded-Proto changes nothing', async () => {
  await withFreshServer({ config: { trustProxy: true } }, async (proxied) => {
    const tls = await new Shopper(proxied.base).get('/health', { headers: { 'x-forwarded-proto': 'https' } });
    assert.match(tls.headers.get('strict-transport-security') ?? '', /max-age=31536000/);
    assert.ok(tls.setCookies.length > 0 && tls.setCookies.every((c) => /;\s*Secure/i.test(c)), tls.setCookies.join(' | '));
  });
  const plain = await new Shopper(srv.base).get('/health', { headers: { 'x-forwarded-proto': 'https' } });
  assert.equal(plain.headers.get('strict-transport-security'), null);
  assert.ok(plain.setCookies.every((c) => !/;\s*Secure/i.test(c)));
});

test('a GIF/HTML polyglot is refused as a profile picture', async () => {
  const s = new Shopper(srv.base);
  ok(await s.post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }));
  const polyglot = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.from('<script>alert(document.cookie)</script>')]);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(polyglot)], { type: 'image/gif' }), 'x.gif');
  const r = await fetch(`${srv.base}${PREFIX}/admin/userManagement/image/upload`, {
    method: 'POST', headers: { cookie: s.cookieHeader(), 'x-xsrf-token': s.cookies.get('XSRF-TOKEN')! }, body: form,
  });
  assert.equal(r.status, 415);
  assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
});

test('NUL bytes and lone surrogates are a 400, never a 500', async () => {
  const s = new Shopper(srv.base);
  for (const url of ['/productManagement2/products/search/%00', '/productManagement2/tag/%00', '/common3/pageContent?pageName=%00',
    '/common3/coupons/%00', '/common3/sectionTemplateByType/%00']) {
    isError(await s.get(url), 400);
  }
  isError(await s.post('/common3/signon', { emailID: '\u0000', password: 'whatever1' }), 400);
  isError(await s.post('/common3/signon', undefined, { raw: '{"emailID":"\\ud800@example.com","password":"whatever1"}' }), 400);
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1003', quantity: 1 }));
  isError(await s.post('/shoppingManagement4/updateCustomerComment', undefined, { raw: '{"comment":"a\\udc00b"}' }), 400);
  isError(await s.post('/shoppingManagement4/updateCustomerComment', { comment: 'nul\u0000here' }), 400);
  ok(await s.post('/shoppingManagement4/updateCustomerComment', { comment: 'emoji 😀 fine' }));
});

test('X-Forwarded-Host is not believed: no foreign return URL, no foreign appDomain', async () => {
  const s = new Shopper(srv.base);
  const orderID = await reservedDelivery(s);
  const evil = { headers: { 'x-forwarded-host': 'evil.example' } };
  isError(await s.post('/shoppingManagement4/requestOTTH5Payment', { orderID, returnUrlInfo: 'https://evil.example' }, evil), 400);
  const r = ok(await s.post('/shoppingManagement4/requestOTTH5Payment', { orderID }, evil));
  assert.equal(new URL(r.redirectUrl).hostname, '127.0.0.1');
  const info = ok(await s.get('/common3/appInfoInit', evil));
  assert.notEqual(info.appContent.appDetail.appDomain, 'evil.example');
});

test('with PUBLIC_ORIGIN set, a request for another host is refused (421)', async () => {
  await withFreshServer({ config: { publicOrigins: ['http://127.0.0.1'] } }, async (pinned) => {
    ok(await new Shopper(pinned.base).get('/health'));
    const { port } = new URL(pinned.base);
    const answer = await rawRequest(Number(port), `GET ${PREFIX}/common3/pickupLocations HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
    assert.match(answer, /^HTTP\/1\.1 421 /);
    // The load balancer's checks are the exception (issue 37): they build nothing from the host (own-address-checks.test.ts).
    assert.match(await rawRequest(Number(port), `GET ${PREFIX}/health HTTP/1.1\r\nHost: 10.0.0.7:8080\r\nConnection: close\r\n\r\n`), /^HTTP\/1\.1 200 /);
  });
});

test('a request body that trickles in is timed out', async () => {
  await withFreshServer({ config: { requestTimeoutMs: 1000 } }, async (slow) => {
    const { port } = new URL(slow.base);
    const t0 = Date.now();
    const answer = await rawRequest(Number(port), `POST ${PREFIX}/common3/signon HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: XSRF-TOKEN=abc\r\nX-XSRF-TOKEN: abc\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{"a`, 10_000);
    assert.ok(Date.now() - t0 < 8000, `closed after ${Date.now() - t0} ms`);
    assert.ok(answer === '' || /^HTTP\/1\.1 408 /.test(answer), answer.slice(0, 40));
  });
});

test('connections past MAX_CONNECTIONS are closed at once; the held ones still work', async () => {
  await withFreshServer({ config: { maxConnections: 3 } }, async (capped) => {
    const held: net.Socket[] = [];
    try {
      const { port } = new URL(capped.base);
      for (let i = 0; i < 3; i++) {
        held.push(await new Promise<net.Socket>((resolve) => { const s = net.connect(Number(port), '127.0.0.1', () => resolve(s)); }));
      }
      // the fourth is accepted by the kernel and closed by the server without an answer
      const answer = await rawRequest(Number(port), `GET ${PREFIX}/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, 5000);
      assert.equal(answer, '');
      const first = await new Promise<string>((resolve) => {
        let out = '';
        held[0].on('data', (c) => (out += c)).on('close', () => resolve(out));
        held[0].write(`GET ${PREFIX}/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      });
      assert.match(first, /^HTTP\/1\.1 200 /);
    } finally {
      for (const s of held) s.destroy();
    }
  });
});

function rawRequest(port: number, text: string, limitMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1', () => sock.write(text));
    let out = '';
    const timer = setTimeout(() => { sock.destroy(); reject(new Error(`socket still open after ${limitMs} ms`)); }, limitMs);
    sock.on('data', (d) => (out += d));
    sock.on('close', () => { clearTimeout(timer); resolve(out); });
    sock.on('error', () => undefined);
  });
}
