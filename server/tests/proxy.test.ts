/**
 * The shipped reverse-proxy config (deploy/nginx/istore.conf) run for real: Debian's nginx (bash scripts/setup.sh --nginx)
 * with a self-signed certificate in front of the server started with TRUST_PROXY=127.0.0.1. Only what a local test needs
 * is changed in the file (ports, name, certificate and log paths), each change checked to have matched. The client
 * connects from 127.0.0.2, so the address the server sees is told apart from the proxy's (127.0.0.1).
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { freshDb, PREFIX, startServer, type Running, type TestDb } from './helpers.ts';

const NGINX = '/usr/sbin/nginx';
const SHIPPED = path.resolve(import.meta.dirname, '../../deploy/nginx/istore.conf');
const CLIENT = '127.0.0.2';

let db: TestDb;
let srv: Running;
let nginx: ChildProcess | undefined;
let dir: string;
let cert: Buffer;
let httpPort: number;
let httpsPort: number;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    }).on('error', reject);
  });
}

/** The shipped file with one replacement per local difference; a replacement that finds nothing fails the test. */
function localConfig(upstreamPort: number): string {
  let text = fs.readFileSync(SHIPPED, 'utf8');
  const swap = (from: RegExp, to: string) => {
    assert.match(text, from, `deploy/nginx/istore.conf no longer has ${from}`);
    text = text.replace(from, to);
  };
  swap(/server 127\.0\.0\.1:8080 /, `server 127.0.0.1:${upstreamPort} `);
  swap(/server 127\.0\.0\.1:8081 /, `server 127.0.0.1:${upstreamPort} `);
  swap(/listen 80;/, `listen 127.0.0.1:${httpPort};`);
  swap(/\n\s*listen \[::\]:80;/, '');
  swap(/listen 443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl http2;`);
  swap(/\n\s*listen \[::\]:443 ssl http2;/, '');
  swap(/server_name shop\.example\.com;/g, 'server_name shop.test;');
  swap(/\/etc\/letsencrypt\/live\/shop\.example\.com\/fullchain\.pem/, path.join(dir, 'cert.pem'));
  swap(/\/etc\/letsencrypt\/live\/shop\.example\.com\/privkey\.pem/, path.join(dir, 'key.pem'));
  swap(/\/var\/log\/nginx\//g, `${dir}/`);
  return text;
}

function waitForPort(port: number, deadline = Date.now() + 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve();
      });
      s.on('error', () => {
        if (nginx?.exitCode !== null && nginx?.exitCode !== undefined) reject(new Error(`nginx exited: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`));
        else if (Date.now() > deadline) reject(new Error(`nothing listens on ${port}`));
        else setImmediate(attempt);
      });
    };
    attempt();
  });
}

before(async () => {
  assert.ok(fs.existsSync(NGINX), `${NGINX} is missing: bash scripts/setup.sh --nginx installs Debian's nginx`);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-proxy-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=shop.test',
    '-addext', 'subjectAltName=DNS:shop.test', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
  cert = fs.readFileSync(path.join(dir, 'cert.pem'));
  db = await freshDb();
  srv = await startServer(db, { config: { trustProxy: ['127.0.0.1'] } });
  [httpPort, httpsPort] = [await freePort(), await freePort()];
  fs.writeFileSync(path.join(dir, 'istore.conf'), localConfig(Number(new URL(srv.base).port)));
  // the main context Debian's /etc/nginx/nginx.conf gives the site file, in a folder of the test's own
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${dir}/${t};`).join(' ');
  fs.writeFileSync(path.join(dir, 'nginx.conf'), `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http { ${temp} access_log off; include ${dir}/istore.conf; }
`);
  const check = spawn(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')]);
  const [code] = await new Promise<[number | null]>((resolve) => check.on('exit', (c) => resolve([c])));
  assert.equal(code, 0, `nginx -t refused the config: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
  nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { stdio: 'ignore' });
  await waitForPort(httpsPort);
  await waitForPort(httpPort);
});

after(async () => {
  if (nginx && nginx.exitCode === null) {
    const gone = new Promise((resolve) => nginx!.on('exit', resolve));
    nginx.kill('SIGQUIT');
    await gone;
  }
  await srv?.close();
  await db?.cleanup();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

interface Answer { status: number; headers: http.IncomingHttpHeaders; body: string }

function viaProxy(method: string, pathname: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request({
      host: '127.0.0.1', port: httpsPort, localAddress: CLIENT, servername: 'shop.test', ca: cert, method, path: pathname,
      headers: { host: 'shop.test', ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c) => (text += c)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function plain(port: number, pathname: string, host: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: pathname, localAddress: CLIENT, headers: { host } }, (res) => {
      res.resume().on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: '' }));
    }).on('error', reject);
  });
}

const cookieNamed = (headers: http.IncomingHttpHeaders, name: string) => (headers['set-cookie'] ?? []).find((c) => c.startsWith(`${name}=`));

test('plain HTTP is redirected to https for good, path and query kept', async () => {
  const res = await plain(httpPort, '/product/1001?ref=mail', 'shop.test');
  assert.equal(res.status, 301);
  assert.equal(res.headers.location, 'https://shop.test/product/1001?ref=mail');
});

test('over TLS through the proxy: HSTS and Secure cookies; straight to the server over plain HTTP neither', async () => {
  const res = await viaProxy('GET', `${PREFIX}/health`);
  assert.equal(res.status, 200);
  assert.equal(res.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
  assert.match(cookieNamed(res.headers, 'XSRF-TOKEN') ?? '', /; Secure/);
  // the server decides by the X-Forwarded-Proto the proxy sends (TRUST_PROXY): without the proxy, none of it
  const direct = await plain(Number(new URL(srv.base).port), `${PREFIX}/health`, 'shop.test');
  assert.equal(direct.headers['strict-transport-security'], undefined);
  assert.ok(cookieNamed(direct.headers, 'XSRF-TOKEN'));
  assert.doesNotMatch(cookieNamed(direct.headers, 'XSRF-TOKEN')!, /; Secure/);
});

test("the sign-in limits count the client's address, never the proxy's nor a forged X-Forwarded-For", async () => {
  const first = await viaProxy('GET', `${PREFIX}/health`);
  const token = /^XSRF-TOKEN=([^;]+)/.exec(cookieNamed(first.headers, 'XSRF-TOKEN')!)![1];
  const res = await viaProxy('POST', `${PREFIX}/common3/signon`, {
    cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': decodeURIComponent(token), 'x-forwarded-for': '203.0.113.66',
  }, JSON.stringify({ emailID: 'nobody-proxy@example.com', password: 'wrong-password' }));
  assert.equal(res.status, 401, res.body);
  const { rows } = await srv.app.db.query<{ key: string }>(`SELECT key FROM auth_attempts WHERE key LIKE '%nobody-proxy%' OR key LIKE 'ip:%' ORDER BY key`);
  const keys = rows.map((r) => r.key);
  assert.ok(keys.includes(`ip:${CLIENT}`), keys.join(', '));
  assert.ok(keys.includes(`pair:nobody-proxy@example.com|${CLIENT}`), keys.join(', '));
  assert.ok(!keys.some((k) => k.includes('203.0.113.66') || k.endsWith('127.0.0.1')), keys.join(', '));
});

test("one request id: nginx's, in its access log and taken by the server (its log lines' reqId, echoed as X-Request-Id); a client's own is not", async () => {
  const res = await viaProxy('GET', `${PREFIX}/ready`, { 'x-request-id': 'forged-id' });
  assert.equal(res.status, 200);
  assert.deepEqual(JSON.parse(res.body), { ok: true });
  const id = res.headers['x-request-id'];
  assert.match(String(id), /^[0-9a-f]{32}$/);
  // nginx writes the line as it finishes the request, which may be just after the client has the answer
  const line = new RegExp(`"GET ${PREFIX}/ready HTTP/[0-9.]+" 200 .* rid=${id}`);
  const logged = () => fs.existsSync(path.join(dir, 'istore.access.log')) && line.test(fs.readFileSync(path.join(dir, 'istore.access.log'), 'utf8'));
  const deadline = Date.now() + 5000;
  while (!logged() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.ok(logged(), fs.readFileSync(path.join(dir, 'istore.access.log'), 'utf8'));
});

test('the readiness check answers 503 while a migration this code knows is not applied, 200 again once it is', async () => {
  const db = srv.app.db;
  const [{ version, name }] = (await db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version DESC LIMIT 1')).rows;
  await db.query('DELETE FROM schema_migrations WHERE version = $1', [version]);
  try {
    const res = await viaProxy('GET', `${PREFIX}/ready`);
    assert.equal(res.status, 503);
    assert.deepEqual(JSON.parse(res.body).errors, [`Migrations not applied: ${name}`]);
    assert.equal((await viaProxy('GET', `${PREFIX}/health`)).status, 200);
  } finally {
    await db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [version, name]);
  }
  assert.equal((await viaProxy('GET', `${PREFIX}/ready`)).status, 200);
});
