/**
 * Starts the reference server (server/src/index.ts) on a free loopback port with a fresh embedded
 * database in a temporary directory, serving a built H5 app. Returns { baseUrl, stop, pid }.
 */
import { spawn } from 'node:child_process'
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { nodeArgs } from '../../server/tests/entry.mjs'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const serverDir = path.join(repoRoot, 'server')

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

async function waitForHealth(baseUrl, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`reference server exited with code ${child.exitCode}`)
    try {
      const res = await fetch(`${baseUrl}/api/istore/client/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`reference server not healthy after ${timeoutMs} ms`)
}

/**
 * @param {{ staticDir?: string, env?: Record<string, string>, logFile?: string, cwd?: string }} options
 * (cwd: another checkout's server folder, to compare versions)
 * The server's warnings and errors go to logFile (default bench/.work/server.log), not the console.
 */
export async function startServer({ staticDir = path.join(repoRoot, 'dist', 'h5'), env = {}, logFile = path.join(repoRoot, 'bench', '.work', 'server.log'), cwd = serverDir } = {}) {
  const port = await freePort()
  mkdirSync(path.dirname(logFile), { recursive: true })
  const logFd = openSync(logFile, 'a')
  const dataDir = mkdtempSync(path.join(tmpdir(), 'istore-bench-'))
  const child = spawn(process.execPath, nodeArgs('src/index.ts'), {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: staticDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', logFd, logFd]
  })
  closeSync(logFd)
  const baseUrl = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(baseUrl, child, 120_000)
  } catch (err) {
    await stop()
    throw err
  }
  return { baseUrl, stop, pid: child.pid }
}
