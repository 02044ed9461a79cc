/**
 * Test harness: starts the real server (buildApp + listen on 127.0.0.1:0) on a fresh temporary database —
 * a temp PGlite dir, or, when DATABASE_URL is set, a new database created on that PostgreSQL server and
 * dropped afterwards — and a small HTTP client that keeps cookies and sends the XSRF header like the storefront.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { format } from 'node:util';
import { execFile } from 'node:child_process';
import { after, before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDb } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { XSRF_GET_ROUTES } from '../src/lib/session.ts';
import { parseEml } from './eml.ts';
import { pristineTemplate, templateKey } from './template.mjs';
import { moduleUrl, nodeArgs } from './entry.mjs';
import { runHosted } from '../scripts/operatorDb.ts';

export const PREFIX = '/api/istore/client';
/** Password hashes at the old cost (N=2^14, p=1): the production cost would make every sign-in of the suite 6x slower. */
export const FAST_HASHING = { scryptLogN: 14, scryptP: 1 };
/** Every test shopper signs up from 127.0.0.1; the sign-up limit per address has its own test (security-register). */
export const TEST_LIMITS = { registrationsPerHour: 10_000 };

export interface TestDb {
  dataDir: string;
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

async function buildTemplate(dir: string) {
  await withDeveloperEnv(async () => {
    const app = await buildApp({ config: { dataDir: dir, databaseUrl: undefined, staticDir: dir, port: 0, ...FAST_HASHING }, logger: false });
    await app.close();
  });
}

/** What a developer's shell has: the machine's own variables and the test run's build, none of the store's settings. */
const DEVELOPER_ENV = /^(PATH|HOME|USER|TMPDIR|TZ|LANG|LC_\w+|NODE_OPTIONS|ISTORE_SERVER_BUILD|PGLITE_\w+)$/;

/**
 * Every test database for a quarter of an hour copies one template, whichever test process happened to build it, so
 * it is the demo store of a developer's first start: built under none of the settings a test file sets for itself
 * (a provider's credentials would have the start write that provider's rows, WeChat Pay's platform certificates, into
 * every later test's database; NODE_ENV or SEED would change the seed itself).
 */
async function withDeveloperEnv(build: () => Promise<void>): Promise<void> {
  const own = process.env;
  process.env = Object.fromEntries(Object.entries(own).filter(([name]) => DEVELOPER_ENV.test(name)));
  try {
    await build();
  } finally {
    process.env = own;
  }
}

/**
 * A fresh database per test: on PGlite a copy of the pristine template (server/tests/template.mjs), on PostgreSQL a
 * database created from the template database of the same key (built once per cluster and quarter, under an advisory
 * lock, so the test files running side by side build it once); from nothing with `pristine: true` (the restart test
 * covers initdb + migrations + seed that way).
 */
export async function freshDb(opts: { pristine?: boolean } = {}): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-test-'));
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    if (!opts.pristine) fs.cpSync(path.join(await pristineTemplate(buildTemplate), 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
    return { dataDir, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const { default: pg } = await import('pg');
  const name = `istore_test_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (opts.pristine) await admin.query(`CREATE DATABASE ${name}`);
    else await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(admin, adminUrl)}`);
  } finally {
    await admin.end();
  }
  return {
    dataDir,
    databaseUrl: databaseUrlOf(adminUrl, name),
    async cleanup() {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const databaseUrlOf = (adminUrl: string, name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

/**
 * The name of this quarter's migrated and seeded template database on the PostgreSQL server of `admin`, built first
 * when missing. The advisory lock is held until the caller's CREATE DATABASE has copied it (no session may be connected
 * to a template while it is copied, and two files may ask at once).
 */
async function postgresTemplate(admin: import('pg').Client, adminUrl: string): Promise<string> {
  const template = `istore_template_${templateKey().replace(/-/g, '_')}`;
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['istore-test-template']);
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
  if (!rowCount) {
    const building = `${template}_build`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-template-pg-'));
    await withDeveloperEnv(async () => {
      const app = await buildApp({ config: { dataDir: dir, databaseUrl: databaseUrlOf(adminUrl, building), staticDir: dir, port: 0, ...FAST_HASHING }, logger: false });
      await app.close();
    });
    fs.rmSync(dir, { recursive: true, force: true });
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
  }
  return template;
}

/** What an operator CLI run ended with: its exit code and what it printed. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs an operator CLI (server/scripts/<script>.ts) on the test database in a child process, exactly as
 * `npm run <script>` does: for the tests of the process itself (exit codes before the database opens, the embedded
 * database's one-process rule: operator-cli.test.ts, the catalogue import). The server must not hold an embedded
 * database meanwhile. Tests of what a CLI does use `deskOf`.
 */
export function runCli(db: TestDb, script: string, ...args: string[]): Promise<CliResult> {
  const env = { ...process.env, DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl ?? '' };
  const serverDir = path.resolve(import.meta.dirname, '..');
  return new Promise((resolve) => {
    execFile(process.execPath, [...nodeArgs(`scripts/${script}.ts`), ...args], { cwd: serverDir, env }, (err, stdout, stderr) => {
      resolve({ code: err ? Number(err.code) : 0, stdout, stderr });
    });
  });
}

/** One operator CLI run: `desk('list')` as `npm run <script> -- list` does. */
export type Desk = (...args: string[]) => Promise<CliResult>;

let hostedRuns = 0;

/**
 * The operator CLI `script` run in this process on the running server's database handle (scripts/operatorDb.ts
 * `runHosted`): the same module, command line, checks, exit codes and output as `npm run <script>`, without a process
 * and a database opening per run, and without stopping the server that holds an embedded database. What it prints
 * (console, and writeOut's raw output) is captured, as a process's would be; not process.stdout itself, which is the
 * test runner's channel. `srv` is read at each run (a test that restarts its server keeps the same desk).
 */
export function deskOf(srv: Running, script: string): Desk {
  return async (...args) => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const { log, error } = console;
    console.log = (...a: unknown[]) => stdout.push(`${format(...a)}\n`);
    console.error = (...a: unknown[]) => stderr.push(`${format(...a)}\n`);
    try {
      // A fresh instance of the CLI's own module each run (its command line is read when it is evaluated).
      const run = { argv: args, db: srv.app.db, config: srv.app.config, out: (text: string) => stdout.push(text) };
      const code = await runHosted(run, () => import(`${moduleUrl(`scripts/${script}.ts`)}?run=${++hostedRuns}`));
      return { code, stdout: stdout.join(''), stderr: stderr.join('') };
    } finally {
      Object.assign(console, { log, error });
    }
  };
}

/**
 * An operator's desk on a database no server holds: the database opened once in this process (as a CLI opens it,
 * migrations included) and each `desk(script, ...args)` run hosted on it, as `deskOf` runs them on a server's handle.
 * For files that run many CLI commands between server starts (shop-file.test.ts): a CLI process opens the embedded
 * database anew each time, seconds of CPU apiece. Close it before a server opens the same embedded database.
 */
export async function openDesk(db: TestDb): Promise<{ desk: (script: string, ...args: string[]) => Promise<CliResult>; close: () => Promise<void> }> {
  const config = loadConfig({ ...process.env, DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl ?? '' });
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(handle);
  const host = { app: { db: handle, config } } as unknown as Running;
  let closing: Promise<void> | undefined;
  return { desk: (script, ...args) => deskOf(host, script)(...args), close: () => (closing ??= handle.close()) };
}

export interface Running {
  app: FastifyInstance;
  base: string;
  close(): Promise<void>;
}

export interface StartOptions {
  staticDir?: string;
  config?: Partial<Config>;
}

export async function startServer(db: TestDb, extra: StartOptions = {}): Promise<Running> {
  const app = await buildApp({
    config: {
      ...FAST_HASHING,
      ...TEST_LIMITS,
      ...extra.config,
      dataDir: db.dataDir,
      databaseUrl: db.databaseUrl,
      staticDir: extra.staticDir ?? path.join(db.dataDir, 'no-static'),
      port: 0,
      host: '127.0.0.1',
    },
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address() as { port: number };
  return { app, base: `http://127.0.0.1:${addr.port}`, close: () => app.close() };
}

/**
 * The set-up most test files share: a fresh database and the server on it, started before the first test of the file
 * (or of the `describe` it is called in) and closed, its database dropped, after the last. It registers those two hooks
 * itself and answers `db` and `srv` at once, empty: they are filled in place once the server has started, so read them
 * in tests and hooks, not at module load. `extra` may be a function of the fresh database (static files under
 * db.dataDir, say), called before the start. Set-up that needs the started server goes in `started`, run in the same
 * hook: Node 20 does not wait for one top-level `before` hook to end before it runs the next. A test that restarts
 * the server assigns the new one into `srv`.
 */
export function serverOnFreshDb(
  extra: StartOptions | ((db: TestDb) => StartOptions) = {},
  started: (srv: Running) => unknown = () => undefined,
): { db: TestDb; srv: Running } {
  const db = {} as TestDb;
  const srv = {} as Running;
  before(async () => {
    Object.assign(db, await freshDb());
    Object.assign(srv, await startServer(db, typeof extra === 'function' ? extra(db) : extra));
    await started(srv);
  });
  after(async () => {
    await srv.close?.();
    await db.cleanup?.();
  });
  return { db, srv };
}

/**
 * A server of its own on a fresh database for one test (a configuration the file's server does not have): `run` gets
 * it, and when `run` ends, passed or failed, the server is closed and its database dropped.
 */
export async function withFreshServer<T>(extra: StartOptions, run: (srv: Running, db: TestDb) => Promise<T>): Promise<T> {
  const db = await freshDb();
  try {
    const srv = await startServer(db, extra);
    try {
      return await run(srv, db);
    } finally {
      await srv.close();
    }
  } finally {
    await db.cleanup();
  }
}

const XSRF_GETS = XSRF_GET_ROUTES.map((r) => new RegExp(`^${r.replace(/:[a-z]+/gi, '[^/?]+')}(\\?|$)`));
/** A GET the server treats as state-changing (lib/session.ts XSRF_GET_ROUTES). */
const needsXsrf = (url: string) => XSRF_GETS.some((re) => re.test(url));

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
  setCookies: string[];
}

/** A shopper: keeps cookies like a browser (or a mini-program that stores Set-Cookie itself). */
export class Shopper {
  cookies = new Map<string, string>();
  constructor(public base: string) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async req<T = any>(method: string, url: string, body?: unknown, opts: { xsrf?: boolean; headers?: Record<string, string>; raw?: string } = {}): Promise<Res<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const unsafe = method !== 'GET' && method !== 'HEAD';
    // Like the storefront: the XSRF header on every request once the cookie is known; fetched first where it is required.
    if (opts.xsrf !== false) {
      if ((unsafe || needsXsrf(url)) && !this.cookies.has('XSRF-TOKEN')) await this.req('GET', '/health');
      if (this.cookies.has('XSRF-TOKEN')) {
        headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
        headers.cookie = this.cookieHeader();
      }
    }
    let payload: string | undefined;
    if (opts.raw !== undefined) {
      payload = opts.raw;
      headers['content-type'] ??= 'application/json';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    // '~/x' = site root path (static app); anything else is under the API prefix
    const full = url.startsWith('http') ? url : url.startsWith('~') ? this.base + url.slice(1) : this.base + PREFIX + url;
    const r = await fetch(full, { method, headers, body: payload, redirect: 'manual' });
    const setCookies = r.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    const text = await r.text();
    let parsed: any = text;
    if ((r.headers.get('content-type') ?? '').includes('json')) parsed = text ? JSON.parse(text) : null;
    return { status: r.status, body: parsed, headers: r.headers, setCookies };
  }
  get<T = any>(url: string, opts?: { xsrf?: boolean; headers?: Record<string, string> }) { return this.req<T>('GET', url, undefined, opts); }
  post<T = any>(url: string, body?: unknown, opts?: { xsrf?: boolean; headers?: Record<string, string>; raw?: string }) { return this.req<T>('POST', url, body ?? {}, opts); }
  put<T = any>(url: string, body?: unknown, opts?: { xsrf?: boolean }) { return this.req<T>('PUT', url, body ?? {}, opts); }
  /** A multipart upload (field "file"), as Taro.uploadFile sends it. */
  async upload<T = any>(url: string, data: Buffer, filename = 'image.png', type = 'image/png'): Promise<Res<T>> {
    if (!this.cookies.has('XSRF-TOKEN')) await this.req('GET', '/health');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type }), filename);
    const r = await fetch(this.base + PREFIX + url, {
      method: 'POST', headers: { cookie: this.cookieHeader(), 'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '' }, body: form,
    });
    return { status: r.status, body: await r.json(), headers: r.headers, setCookies: r.headers.getSetCookie() };
  }
}

/** Polls `probe` until it answers something other than undefined (work the server does after its answer). */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The newest mail of this kind to this address in the outbox (no SMTP_URL: DATA_DIR/outbox), once it is written. */
export async function mailTo(db: TestDb, kind: string, to: string) {
  const dir = path.join(db.dataDir, 'outbox');
  return waitFor(`the ${kind} mail to ${to}`, () => {
    if (!fs.existsSync(dir)) return undefined;
    const mails = fs.readdirSync(dir).filter((f) => f.endsWith(`-${kind}.eml`)).sort().reverse()
      .map((f) => parseEml(fs.readFileSync(path.join(dir, f), 'utf8')));
    return mails.find((m) => m.to === to);
  });
}

/** Confirms the account's e-mail as its owner does: opens the link of the confirmation mail (common3/verifyEmail). */
export async function confirmEmail(srv: Running, db: TestDb, email: string) {
  const mail = await mailTo(db, 'email-verification', email);
  const token = new URL(mail.text.match(/https?:\/\/\S+\/account\/verify\S+/)![0]).searchParams.get('token');
  return ok(await new Shopper(srv.base).post('/common3/verifyEmail', { token }));
}

/** Asserts the error body shape of the contract and returns it. */
export function isError(res: Res, status: number) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  const b = res.body;
  if (!b || typeof b.message !== 'string' || !Array.isArray(b.errors) || b.errors[0] !== b.message) {
    throw new Error(`bad error body: ${JSON.stringify(b)}`);
  }
  return b as { message: string; errors: string[] };
}

export function ok<T = any>(res: Res<T>, status = 200): T {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Tomorrow in the store's time zone, YYYY-MM-DD. */
export function tomorrow(timeZone = 'America/Toronto') {
  const d = new Date(Date.now() + 24 * 3600 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

export const CONTACT = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '416-555-0199' };
export const ADDRESS = {
  firstName: 'Ada', lastName: 'Lovelace', phone: '416-555-0199', streetNumberAndNameDetails: '100 Queen St W',
  city: 'Toronto', province: 'ON', postCode: 'M5H 2N2', country: 'CA',
};

/** A delivery order reserved from a one-line cart (INTERIM + NOT_PAID, stock held). */
export async function reservedDelivery(s: Shopper, productId = '1048', quantity = 1): Promise<string> {
  ok(await s.post('/shoppingManagement4/myCart', { productId, quantity }));
  ok(await s.post('/shoppingManagement4/orderDeliverInfo', ADDRESS));
  ok(await s.post('/shoppingManagement4/orderContactInfo?methodName=DELIVERY', CONTACT));
  return ok(await s.post('/shoppingManagement4/reserve')).orderID as string;
}

/** Puts `lines` in the cart and reserves a pickup order; answers the reservation. */
export async function reservePickup(s: Shopper, lines: [productId: string, quantity: number][], contact = CONTACT) {
  for (const [productId, quantity] of lines) ok(await s.post('/shoppingManagement4/myCart', { productId, quantity }));
  ok(await s.post('/shoppingManagement4/updateOrderMethod', { method: 'PICKUP' }));
  ok(await s.post('/shoppingManagement4/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP', contact));
  ok(await s.post('/shoppingManagement4/orderPickupDateTime', { date: tomorrow(), time: '10:30' }));
  return ok(await s.post('/shoppingManagement4/reserve')) as { orderID: string; total: number };
}

/** Pays a reserved order in the payment sandbox; answers the sandbox page path (paying it again repeats the notification). */
export async function payOnline(s: Shopper, orderID: string): Promise<string> {
  const { redirectUrl } = ok(await s.post('/shoppingManagement4/requestOTTH5Payment', { orderID }));
  const page = new URL(redirectUrl).pathname;
  ok(await s.post(`${s.base}${page}/pay`));
  return page;
}

/** Ids of option-less products priced over the delivery minimum with at least `stock` in stock, by id. */
export async function deliverableProducts(app: FastifyInstance, stock = 10): Promise<string[]> {
  const { rows } = await app.db.query(
    `SELECT p.id FROM products p JOIN variants v ON v.product_id = p.id AND v.option_pair = ''
     WHERE p.price >= 1500 AND p.options = '[]'::jsonb AND v.stock >= $1 ORDER BY p.id`, [stock]);
  return rows.map((r: any) => String(r.id));
}
