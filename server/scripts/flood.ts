/**
 * Sign-in latency under a flood of anonymous password-hashing requests (security probe finding 4), loopback only.
 * Starts `src/index.ts` as a child process on a free port and a fresh DATA_DIR, measures a real sign-in alone, then
 * again while FLOOD_CONNECTIONS connections post to FLOOD_PATH for FLOOD_SECONDS (bounded in time).
 *   FLOOD_PATH=reset (resetPasswordExternal with a made-up token, the probe's request) | register (clientRegistration)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/index.ts';

const connections = Number(process.env.FLOOD_CONNECTIONS ?? 80);
const seconds = Math.min(Number(process.env.FLOOD_SECONDS ?? 15), 60);
const mode = process.env.FLOOD_PATH ?? 'reset';
const API = '/api/istore/client';

const port = await new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = (s.address() as net.AddressInfo).port;
    s.close(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}${API}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-flood-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
  cwd: path.resolve(import.meta.dirname, '..'),
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitReady() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function xsrfCookie(): Promise<string> {
  const r = await fetch(`${base}/health`);
  const c = r.headers.getSetCookie().find((x) => x.startsWith('XSRF-TOKEN='))!;
  return c.split(';')[0].slice('XSRF-TOKEN='.length);
}

async function post(pathname: string, body: unknown, xsrf: string) {
  const r = await fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify(body),
  });
  await r.arrayBuffer();
  return r.status;
}

async function signInMs(xsrf: string): Promise<number> {
  const t0 = performance.now();
  const status = await post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }, xsrf);
  if (status !== 200) throw new Error(`sign-in answered ${status}`);
  return performance.now() - t0;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]);
};

try {
  await waitReady();
  const xsrf = await xsrfCookie();
  await signInMs(xsrf); // warm-up
  const alone: number[] = [];
  for (let i = 0; i < 20; i++) alone.push(await signInMs(xsrf));

  const until = Date.now() + seconds * 1000;
  const statuses: Record<number, number> = {};
  let n = 0;
  const flood = Array.from({ length: connections }, async () => {
    while (Date.now() < until) {
      const i = n++;
      const body = mode === 'register'
        ? { emailID: `flood${i}@example.com`, password: 'longenough1', firstName: 'F', lastName: 'L' }
        : { token: 'bogus', password: 'longenough1' };
      const s = await post(mode === 'register' ? '/common3/clientRegistration' : '/common3/resetPasswordExternal', body, xsrf).catch(() => 0);
      statuses[s] = (statuses[s] ?? 0) + 1;
    }
  });
  const during: number[] = [];
  await new Promise((r) => setTimeout(r, 1000)); // let the flood fill the queue
  while (Date.now() < until - 500) during.push(await signInMs(xsrf));
  await Promise.all(flood);
  console.log(JSON.stringify({
    mode, connections, seconds,
    alone: { n: alone.length, p50: pct(alone, 50), p99: pct(alone, 99) },
    underFlood: { n: during.length, p50: pct(during, 50), p99: pct(during, 99) },
    floodRequests: n, floodStatuses: statuses,
  }));
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
