/**
 * The real reference server (server/src/index.ts) as a process on a free loopback port, on the embedded database in
 * `dataDir`, serving `staticDir`. The browser tests (tests/e2e/harness.mjs) and the mini-program runner
 * (tests/miniprogram/server.mjs) both start it this way; each owns and removes its own folders.
 */
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { nodeArgs } from '../../server/tests/entry.mjs'
import { pristineTemplate } from '../../server/tests/template.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

async function waitForHealth(baseUrl, child, deadlineMs) {
  const until = Date.now() + deadlineMs
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const res = await fetch(`${baseUrl}/api/istore/client/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('server did not become healthy in time')
}

/**
 * Starts the server and waits until it answers its health check; `stop()` ends it (SIGTERM) and waits for the exit;
 * `crash()` kills it with SIGKILL, as a power cut or the OOM killer would, and waits for the exit.
 */
export async function startServerProcess({ dataDir, staticDir, env = {} }) {
  const port = await freePort()
  const child = spawn(process.execPath, nodeArgs('src/index.ts'), {
    cwd: path.join(root, 'server'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: staticDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit']
  })
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    // A fresh database is migrated and seeded before the first answer: 10–20 s on a quiet machine, over 60 s on a busy
    // one (seen with load average 10+). A healthy server answers at once, so a long limit costs nothing.
    await waitForHealth(baseUrl, child, 180_000)
  } catch (error) {
    // A server that never answered must not outlive the test run (it holds its port and database).
    await end('SIGKILL')
    throw error
  }
  return {
    baseUrl,
    stop: () => end('SIGTERM'),
    crash: () => end('SIGKILL')
  }
  async function end(signal) {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill(signal)
    await exited
  }
}

/**
 * A new temporary DATA_DIR holding a copy of the pristine migrated and seeded demo database the server tests use too
 * (server/tests/template.mjs): creating and seeding an embedded database costs seconds (15 on a busy machine), copying
 * it a fraction of one. The caller removes the folder.
 */
export async function seededDataDir(prefix) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix))
  const template = await pristineTemplate(async (dir) => (await startServerProcess({ dataDir: dir, staticDir: dir })).stop())
  cpSync(path.join(template, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true })
  return dataDir
}
