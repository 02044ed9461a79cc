// test-run: own process (starts server processes through deploy/upgrade.sh and a shell helper, with an environment of its own)
/**
 * The documented upgrade, run for real (issue 37 item 6; docs/deploy.md "Upgrades and migrations"): two server
 * processes on one PostgreSQL database behind a small proxy that does what the shipped nginx file does (round robin,
 * `keepalive`, `max_fails`/`fail_timeout`, `proxy_next_upstream error timeout http_502 http_503`, which passes a POST
 * to the next process only when it was never sent), shoppers sending requests the whole time, and
 * `deploy/upgrade.sh` switching to a release built beside the running one and restarting one process at a time (the
 * test's own restart command stands in for `systemctl restart istore@PORT`: SIGTERM, wait for the exit, start).
 * Asserts no failed request, each process's /ready 503 while it drained, each closing only once every request was
 * answered, and the pages of the new release once done. The embedded database is one process's: PostgreSQL only.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { freshDb, Shopper, waitFor } from './helpers.ts';
import { nodeArgs } from './entry.mjs';
import { freePort } from './serverProcess.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const serverDir = path.join(repo, 'server');
/** The proxy's passive health check, as `server … max_fails=3 fail_timeout=…` (nginx's default is 10 s; shorter here). */
const MAX_FAILS = 3;
const FAIL_TIMEOUT_MS = 3_000;

interface Peer { port: number; fails: number; checked: number; agent: http.Agent }

/** What the shipped nginx file does with the two `upstream istore` lines (deploy/nginx/istore.conf). */
function nginxLike(ports: number[]) {
  const peers: Peer[] = ports.map((port) => ({ port, fails: 0, checked: 0, agent: new http.Agent({ keepAlive: true, maxSockets: 32 }) }));
  let rr = 0;
  const stats = { passedOn: 0, noLivePeer: 0 };
  const pick = (tried: Set<Peer>) => {
    for (let i = 0; i < peers.length; i++) {
      const p = peers[rr++ % peers.length];
      if (tried.has(p)) continue;
      if (p.fails >= MAX_FAILS && Date.now() - p.checked <= FAIL_TIMEOUT_MS) continue;
      return p;
    }
    return undefined;
  };
  const failed = (p: Peer) => {
    if (Date.now() - p.checked > FAIL_TIMEOUT_MS) p.fails = 0;
    p.fails++;
    p.checked = Date.now();
  };
  type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
  const forward = (p: Peer, req: http.IncomingMessage, body: Buffer) => new Promise<Answer>((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { ...req.headers, 'content-length': String(body.length) };
    for (const h of ['connection', 'keep-alive', 'transfer-encoding']) delete headers[h];
    let sent = false; // nginx's u->request_sent: a connection was made (or a kept-alive one reused) and the request written
    const out = http.request({ host: '127.0.0.1', port: p.port, method: req.method, path: req.url, headers, agent: p.agent });
    out.on('socket', (s) => {
      if (out.reusedSocket) sent = true;
      else s.once('connect', () => { sent = true; });
    });
    out.setTimeout(30_000, () => out.destroy(new Error('timeout')));
    out.on('error', (e) => reject(Object.assign(e, { sent })));
    out.on('response', (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c) => chunks.push(c));
      r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: r.headers, body: Buffer.concat(chunks) }));
      r.on('error', (e) => reject(Object.assign(e, { sent: true })));
    });
    out.end(body);
  });
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const nonIdempotent = ['POST', 'PATCH', 'LOCK'].includes(req.method ?? '');
    const tried = new Set<Peer>();
    let last: Answer | undefined;
    for (;;) {
      const p = pick(tried);
      if (!p) break;
      tried.add(p);
      let a: Answer;
      try {
        a = await forward(p, req, body);
      } catch (e: any) {
        failed(p);
        if (e.sent && nonIdempotent) { last = undefined; break; }
        stats.passedOn++;
        continue;
      }
      if ((a.status === 502 || a.status === 503) && !nonIdempotent) {
        failed(p);
        last = a;
        stats.passedOn++;
        continue;
      }
      if (a.status < 500) p.fails = 0;
      last = a;
      break;
    }
    if (!last) {
      if (tried.size === 0) stats.noLivePeer++;
      res.writeHead(502, { 'content-type': 'text/plain' }).end('502 Bad Gateway');
      return;
    }
    const headers: http.OutgoingHttpHeaders = { ...last.headers, 'content-length': String(last.body.length) };
    for (const h of ['connection', 'keep-alive', 'transfer-encoding']) delete headers[h];
    res.writeHead(last.status, headers).end(last.body);
  });
  return {
    stats,
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as any).port))),
    close: () => new Promise<void>((resolve) => {
      for (const p of peers) p.agent.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A release folder as the upgrade expects it: the server (this checkout's) and its own built H5 app. */
function release(root: string, name: string) {
  const dir = path.join(root, 'releases', name);
  const h5 = path.join(dir, 'dist', 'h5');
  fs.mkdirSync(path.join(h5, 'js'), { recursive: true });
  fs.symlinkSync(serverDir, path.join(dir, 'server'));
  const script = `/js/app.${Buffer.from(name).toString('hex').padEnd(8, '0').slice(0, 8)}.js`;
  fs.writeFileSync(path.join(h5, script), `window.release = ${JSON.stringify(name)};\n`);
  fs.writeFileSync(path.join(h5, 'index.html'),
    `<!doctype html><html><head><title>${name}</title><script defer src="${script}"></script></head><body><div id="app"></div></body></html>`);
  return dir;
}

const sh = (cmd: string, args: string[], env: NodeJS.ProcessEnv) => new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
  execFile(cmd, args, { env, cwd: repo, timeout: 600_000 }, (err, stdout, stderr) => resolve({ code: err ? Number((err as any).code ?? 1) : 0, stdout, stderr }));
});

/** The test process's own variables a server must not inherit (tests/serverProcess.ts has the same rule). */
const OWN = /^(NODE_ENV|SEED|ISTORE_.*|PAYMENT_.*|IDENTITY_PROVIDER|DATABASE_URL|DATA_DIR|PORT|HOST|PUBLIC_.*|PLAIN_HTTP|WECHAT.*|ALIPAY_.*|PAYPAL_.*|SNAPPAY_.*|IOTPAY_.*|SMTP_URL|MAIL_FROM|TRUST_PROXY|STATIC_DIR|LOG_.*)$/;

test('the documented rolling upgrade: two processes, one restarted at a time behind the proxy, no failed request', {
  skip: !process.env.DATABASE_URL && 'PostgreSQL only: the embedded database is one process\'s (docs/deploy.md)',
  timeout: 600_000,
}, async (t) => {
  const db = await freshDb();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-upgrade-'));
  const run = path.join(root, 'run');
  fs.mkdirSync(run);
  const ports = [await freePort(), await freePort()];
  const proxy = nginxLike(ports);
  const pids = () => ports.map((p) => Number(fs.readFileSync(path.join(run, `${p}.pid`), { encoding: 'utf8', flag: 'a+' }))).filter(Boolean);
  try {
    release(root, 'one');
    release(root, 'two');
    fs.symlinkSync(path.join(root, 'releases', 'one'), path.join(root, 'current'));
    // Stands in for `systemctl restart istore@PORT` (KillSignal=SIGTERM, then a new process of the unit's ExecStart from
    // $ISTORE_ROOT/current/server). Like systemd it waits for the old process to end before it starts the new one.
    const restart = path.join(root, 'restart.sh');
    fs.writeFileSync(restart, `#!/usr/bin/env bash
set -eu
port=$1
if [ -f "$RUN_DIR/$port.pid" ]; then
  pid=$(cat "$RUN_DIR/$port.pid")
  kill -TERM "$pid" 2>/dev/null || true
  while [ -e "/proc/$pid" ] && [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != Z ]; do sleep 0.1; done
fi
cd "$ISTORE_ROOT/current/server"
STATIC_DIR="$(cd "$ISTORE_ROOT/current" && pwd -P)/dist/h5" PORT=$port $SERVER_CMD >>"$RUN_DIR/$port.log" 2>&1 </dev/null &
echo $! >"$RUN_DIR/$port.pid"
`, { mode: 0o755 });
    const env: NodeJS.ProcessEnv = {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN.test(k))),
      DATABASE_URL: db.databaseUrl, DATA_DIR: db.dataDir, HOST: '127.0.0.1', LOG_FORMAT: 'json', LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: '1500',
      SERVER_CMD: [process.execPath, ...nodeArgs('src/index.ts')].join(' '),
      RUN_DIR: run, ISTORE_ROOT: root, ISTORE_RESTART: `${restart} `, ISTORE_SETTLE_SECONDS: String(FAIL_TIMEOUT_MS / 1000 + 1),
    };
    for (const port of ports) assert.equal((await sh(restart, [String(port)], env)).code, 0);
    for (const port of ports) {
      await waitFor(`the process on ${port}`, async () =>
        (await fetch(`http://127.0.0.1:${port}/api/istore/client/ready`).then((r) => r.ok, () => false)) || undefined, 120_000);
    }
    const base = `http://127.0.0.1:${await proxy.listen()}`;

    // Each process's own /ready, as a load balancer with active checks polls it: the 503s it answers while draining.
    const draining = new Map<number, string[]>();
    let polling = true;
    const pollers = ports.map(async (port) => {
      while (polling) {
        const r = await fetch(`http://127.0.0.1:${port}/api/istore/client/ready`).catch(() => undefined);
        if (r?.status === 503) draining.set(port, [...(draining.get(port) ?? []), (await r.json()).message]);
        else await r?.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });

    // Shoppers the whole time: app info, a product list, a cart line (POST), the H5 page and the script it names.
    const failures: string[] = [];
    let requests = 0;
    const releasesSeen = new Set<string>();
    let shopping = true;
    const check = (what: string, ok: boolean, detail: string) => {
      requests++;
      if (!ok) failures.push(`${what}: ${detail}`);
    };
    const shopper = async () => {
      for (let round = 0; shopping; round++) {
        const s = new Shopper(base);
        for (let i = 0; i < 5 && shopping; i++) {
          try {
            const info = await s.get('/common3/appInfoInit');
            check('appInfoInit', info.status === 200, String(info.status));
            const list = await s.get('/productManagement2/products?pageNumber=1&pageSize=6');
            check('products', list.status === 200, String(list.status));
            const add = await s.post('/shoppingManagement4/myCart', { productId: '1013', quantity: 1 });
            check('add to cart', add.status === 200, `${add.status} ${JSON.stringify(add.body).slice(0, 200)}`);
            const page = await s.get('~/');
            check('H5 page', page.status === 200, String(page.status));
            const name = /<title>(\w+)<\/title>/.exec(String(page.body))?.[1];
            const src = /src="([^"]+)"/.exec(String(page.body))?.[1];
            if (name) releasesSeen.add(name);
            const js = src ? await s.get(`~${src}`) : undefined;
            check('its script', js?.status === 200 && String(js.headers.get('content-type')).includes('javascript'),
              `${src}: ${js?.status} ${js?.headers.get('content-type')}`);
          } catch (e: any) {
            check('request', false, e.message);
          }
        }
      }
    };
    const shoppers = [shopper(), shopper(), shopper(), shopper()];
    await waitFor('shoppers under way', () => (requests >= 20 ? true : undefined), 60_000);
    const before = requests;

    const started = Date.now();
    const upgrade = await sh(path.join(repo, 'deploy', 'upgrade.sh'), [path.join(root, 'releases', 'two'), ...ports.map(String)], env);
    const seconds = (Date.now() - started) / 1000;
    assert.equal(upgrade.code, 0, `upgrade.sh: ${upgrade.stdout}${upgrade.stderr}`);
    // A few more rounds on the upgraded processes, then stop.
    const after = requests;
    await waitFor('shoppers on the new release', () => (requests >= after + 20 ? true : undefined), 60_000);
    shopping = false;
    polling = false;
    await Promise.all([...shoppers, ...pollers]);

    const during = after - before;
    const report = `${requests} shopper requests (${during} during the ${seconds.toFixed(1)} s upgrade), ${failures.length} failed; ` +
      `the proxy passed ${proxy.stats.passedOn} on to the other process; releases seen: ${[...releasesSeen].join(', ')}`;
    t.diagnostic(report);
    console.log(`rolling upgrade: ${report}\n${upgrade.stdout.trim()}`);
    assert.deepEqual(failures, [], report);
    assert.ok(during >= 20, `shoppers kept asking during the upgrade (${during})`);
    assert.match(upgrade.stdout, new RegExp(`port ${ports[0]} ready[\\s\\S]*port ${ports[1]} ready[\\s\\S]*done`));
    assert.deepEqual([...releasesSeen].sort(), ['one', 'two'], 'pages of the old release before, of the new one after');
    for (const port of ports) {
      const answers = draining.get(port) ?? [];
      assert.ok(answers.length > 0 && answers.every((m) => /^Draining/.test(m)), `the process on ${port} answered /ready 503 Draining while it drained: ${JSON.stringify(answers)}`);
      const log = fs.readFileSync(path.join(run, `${port}.log`), 'utf8');
      assert.match(log, /"msg":"draining for 1500 ms, then shutting down"/, `${port} drained`);
      assert.match(log, /"msg":"closed: every request answered"/, `${port} closed once its requests were answered`);
    }
    const page = await new Shopper(base).get('~/');
    assert.match(String(page.body), /<title>two<\/title>/);
  } finally {
    for (const pid of pids()) {
      try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
    }
    await proxy.close();
    await db.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
