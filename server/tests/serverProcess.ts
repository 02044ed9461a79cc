/**
 * The server as an operator starts it (`npm --prefix server start`): the real entry point in a process of its own, with
 * the environment given and nothing else of this test process's (no NODE_ENV, SEED, ISTORE_SANDBOX, provider or
 * database variables leak in). SERVER_ENTRY is the one place that says which program that is; tests/entry.mjs runs it
 * from the compiled build when the test run made one, else from source.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { nodeArgs } from './entry.mjs';
import { waitFor } from './helpers.ts';

/** The server's entry point, relative to server/. */
export const SERVER_ENTRY = 'src/index.ts';
const serverDir = path.resolve(import.meta.dirname, '..');

/** Variables of the test process a started server must not inherit (they would change what it is). */
const OWN = /^(NODE_ENV|SEED|ISTORE_.*|PAYMENT_.*|IDENTITY_PROVIDER|DATABASE_URL|DATA_DIR|PORT|HOST|PUBLIC_.*|PLAIN_HTTP|WECHAT.*|ALIPAY_.*|PAYPAL_.*|SNAPPAY_.*|IOTPAY_.*|SMTP_URL|MAIL_FROM|TRUST_PROXY)$/;
const baseEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN.test(k)));

export const freePort = () => new Promise<number>((resolve, reject) => {
  const s = net.createServer().once('error', reject).listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  });
});

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** What it wrote to stdout so far (its log: JSON lines in production). */
  stdout(): string;
  /** SIGTERM, and wait for it to exit. */
  stop(): Promise<void>;
}

/** Starts the server with `env` on a free loopback port and waits until /health answers (or it exits: then throws). */
export async function startServerProcess(env: Record<string, string>, entry = SERVER_ENTRY): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, nodeArgs(entry), {
    cwd: serverDir, env: { ...baseEnv(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (d) => (stderr += d));
  child.stdout!.on('data', (d) => (stdout += d));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitFor('the server process to answer', async () => {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
      return (await fetch(`${base}/api/istore/client/health`).then((r) => r.ok, () => false)) || undefined;
    }, 60_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { base, child, stderr: () => stderr, stdout: () => stdout, stop };
}

/**
 * Runs the server with `env` until it exits by itself (a refused start): its exit code and stderr. `ms` only guards
 * against a start that never ends: on an empty database the start first creates it (PGlite's initdb and every
 * migration, about 10 s of CPU), which took over 60 s on a busy two-core machine.
 */
export function refusedServerProcess(env: Record<string, string>, entry = SERVER_ENTRY, ms = 180_000): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, nodeArgs(entry), {
    cwd: serverDir, env: { ...baseEnv(), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGTERM'), ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}
