/**
 * Bad input, generated from the contract (contract/openapi.json): for every route, requests that break its declared
 * schemas — wrong types, missing fields, strings past their limits, negative, fractional and huge numbers, unknown enum
 * values, malformed JSON, oversized bodies, a non-JSON content type, and path parameters with traversal, NUL bytes,
 * lone surrogates and overlong values — sent by a guest and by a signed-in shopper. Every answer must be a 4xx with
 * the contract's error body (never a 5xx), and the database must be as it was: a refused request changes nothing.
 * The count of requests tried goes to the log line (`npm run bench` reports it too).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { serverOnFreshDb, ok, Shopper, type Running } from './helpers.ts';

const spec = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../contract/openapi.json'), 'utf8'));
type Schema = Record<string, any>;

const resolve = (s: Schema | undefined): Schema | undefined => {
  if (!s) return s;
  if (s.$ref) return resolve(spec.components.schemas[s.$ref.split('/').pop()]);
  return s;
};

/** Values that break one schema (each is invalid for it, or hostile for a plain string). */
function invalidValues(raw: Schema | undefined, where: 'body' | 'text'): unknown[] {
  const s = resolve(raw);
  if (!s) return [];
  if (s.anyOf) {
    // A union (nullable, literal sets): one value of a type none of its members takes.
    const types = new Set(s.anyOf.map((m: Schema) => resolve(m)?.type ?? (resolve(m)?.const !== undefined ? typeof resolve(m)!.const : undefined)));
    return [types.has('object') ? 'not-an-object' : { nested: true }, 'NOT_A_KNOWN_VALUE_\u0000'];
  }
  const out: unknown[] = [];
  const text = where === 'text';
  switch (s.type) {
    case 'integer':
    case 'number':
      out.push(text ? 'abc' : '12', text ? '1e999' : 1e308);
      if (s.type === 'integer') out.push(text ? '1.5' : 1.5);
      if (s.minimum !== undefined) out.push(text ? String(s.minimum - 1) : s.minimum - 1);
      if (s.maximum !== undefined) out.push(text ? String(s.maximum + 1) : s.maximum + 1);
      break;
    case 'boolean':
      out.push(text ? 'maybe' : 'true');
      break;
    case 'string':
      if (!text) out.push(12345, null);
      if (s.maxLength !== undefined) out.push('x'.repeat(s.maxLength + 1));
      else out.push('y'.repeat(20_000));
      if (s.minLength) out.push('');
      if (s.enum || s.const !== undefined) out.push('NOT_A_KNOWN_VALUE');
      if (s.pattern || s.format) out.push('\u0000../../etc/passwd\ud800');
      break;
    case 'array':
      out.push(text ? undefined : 'not-an-array');
      if (!text && s.maxItems !== undefined) out.push(Array.from({ length: s.maxItems + 1 }, () => ({})));
      if (!text && s.items) for (const v of invalidValues(s.items, 'body').slice(0, 2)) out.push([v]);
      break;
    case 'object':
      if (!text) out.push('not-an-object', [], 42);
      break;
  }
  if (s.enum && !out.includes('NOT_A_KNOWN_VALUE')) out.push('NOT_A_KNOWN_VALUE');
  return out.filter((v) => v !== undefined);
}

interface Case {
  method: string;
  url: string;
  body?: unknown;
  raw?: string;
  contentType?: string;
  what: string;
  /** A hostile value the schema still allows (a search for "../x" is a search): a read may answer it, nothing may break. */
  allowedByShape?: boolean;
}

/** Path params of a route with plausible values, so that one part can be broken at a time. */
const plausible = (name: string) => (/locale/i.test(name) ? 'en' : /currency/i.test(name) ? 'CAD' : /type|b$/.test(name) ? 'SHIPPING' : '100001');
const HOSTILE_PATH = ['..%2F..%2F..%2Fserver%2Fpackage.json', '%00', '%ED%A0%80', 'x'.repeat(600), '-1', '1.5', '%F0%9F%98%80'];

/** encodeURIComponent, with a lone surrogate sent as the raw bytes a hostile client would (it cannot be encoded). */
function enc(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return `${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

function casesOf(route: string, method: string, op: Schema): Case[] {
  const params: Schema[] = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const fill = (over: Record<string, string> = {}) =>
    route.replace(/\{([^}]+)\}/g, (_m, n) => over[n] ?? enc(plausible(n)));
  const M = method.toUpperCase();
  const cases: Case[] = [];
  for (const p of pathParams) {
    for (const v of HOSTILE_PATH) cases.push({ method: M, url: fill({ [p.name]: v }), what: `path ${p.name}=${v.slice(0, 30)}`, allowedByShape: true });
    // An empty segment would name another route (/coupons/ is the list), not a bad value of this one.
    for (const v of invalidValues(p.schema, 'text').filter((x) => x !== '')) cases.push({ method: M, url: fill({ [p.name]: enc(String(v)) }), what: `path ${p.name} invalid` });
  }
  for (const q of queryParams) {
    for (const v of invalidValues(q.schema, 'text')) {
      cases.push({ method: M, url: `${fill()}?${q.name}=${enc(String(v))}`, what: `query ${q.name}=${String(v).slice(0, 30)}` });
    }
  }
  const body = resolve(op.requestBody?.content?.['application/json']?.schema);
  if (body) {
    const url = fill();
    cases.push({ method: M, url, raw: '{"broken": ', what: 'malformed JSON' });
    cases.push({ method: M, url, raw: JSON.stringify({ pad: 'z'.repeat(70 * 1024) }), what: 'oversized body' });
    cases.push({ method: M, url, raw: 'plain text', contentType: 'text/plain', what: 'not JSON' });
    for (const v of invalidValues(body, 'body')) cases.push({ method: M, url, body: v, what: 'body of the wrong shape' });
    if (body.required?.length) cases.push({ method: M, url, body: {}, what: 'required fields missing' });
    for (const [name, prop] of Object.entries<Schema>(body.properties ?? {})) {
      for (const v of invalidValues(prop, 'body')) cases.push({ method: M, url, body: { [name]: v }, what: `body.${name} invalid` });
    }
  }
  return cases;
}

/** Every row of the tables a refused request could touch, hashed per table. Sessions and sign-in attempts may be
 * written by any visit (a new visitor's session; the rate limiter counting refused sign-ins), so they are left out. */
async function snapshot(srv: Running): Promise<Record<string, string>> {
  const { rows } = await srv.app.db.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
       AND table_name NOT IN ('sessions', 'auth_attempts', 'schema_migrations') ORDER BY table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name: t } of rows) {
    const r = await srv.app.db.query(`SELECT md5(COALESCE(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${t}" x`);
    out[t] = r.rows[0].h;
  }
  return out;
}

const { srv } = serverOnFreshDb();

/**
 * A page a browser opens (the sandbox's payment page) refuses as a page in the shopper's language: its message is the
 * text of its alert.
 */
function alertInPage(res: { body: unknown; headers: Headers }): boolean {
  return (res.headers.get('content-type') ?? '').startsWith('text/html') && typeof res.body === 'string' && /role="alert"[^>]*>\s*[^<\s]/.test(res.body);
}

test('every route refuses generated bad input with a 4xx and its message, and nothing changes', async () => {
  const member = new Shopper(srv.base);
  ok(await member.post('/common3/clientRegistration', { emailID: 'fuzz@example.com', password: 'longenough1', firstName: 'Fuzz', lastName: 'Tester' }));
  ok(await member.post('/shoppingManagement4/myCart', { productId: '1012', quantity: 1 }));
  const guest = new Shopper(srv.base);
  ok(await guest.get('/health'));
  // Mail the set-up queued (a sign-up's confirmation) is sent first: the worker marking it sent is not a refused request's doing.
  await srv.app.mailWorker.tick();
  const before = await snapshot(srv);

  const cases: Case[] = [];
  for (const [route, ops] of Object.entries<Record<string, Schema>>(spec.paths)) {
    for (const [method, op] of Object.entries(ops)) cases.push(...casesOf(route, method, op));
  }
  const failures: string[] = [];
  let tried = 0;
  for (const who of [guest, member]) {
    for (const c of cases) {
      tried++;
      const headers: Record<string, string> = c.contentType ? { 'content-type': c.contentType } : {};
      const res = await who.req(c.method, c.url, c.body, { raw: c.raw, headers });
      const label = `${who === guest ? 'guest' : 'member'} ${c.method} ${c.url.slice(0, 120)} (${c.what})`;
      const read = c.method === 'GET' || c.method === 'HEAD';
      if (res.status >= 500) failures.push(`${label} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      else if (JSON.stringify(res.body ?? '').includes('istore-reference-server')) failures.push(`${label} → served a file of the server`);
      else if (res.status < 400 && !(c.allowedByShape && read)) failures.push(`${label} → ${res.status}: accepted`);
      else if (res.status < 400) continue;
      else if (typeof res.body?.message !== 'string' && !alertInPage(res)) failures.push(`${label} → ${res.status} without a message`);
    }
  }
  console.log(`bad-input: ${tried} generated requests over ${Object.keys(spec.paths).length} paths`);
  assert.deepEqual(failures, [], `${failures.length} of ${tried} answers were not a 4xx with a message`);
  const afterAll = await snapshot(srv);
  const changed = Object.keys(before).filter((t) => before[t] !== afterAll[t]);
  assert.deepEqual(changed, [], 'refused requests changed these tables');
  assert.ok(tried > 2000, `only ${tried} requests were generated`);
});
