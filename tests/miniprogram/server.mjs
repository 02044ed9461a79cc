/**
 * The real reference server on a free loopback port and a fresh temporary database with the demo catalogue,
 * started as a process the way tests/e2e/harness.mjs does. Creating and seeding an embedded database costs
 * seconds (15 on a busy machine), so, like server/tests/helpers.ts and under the same key, a pristine seeded
 * copy is kept in the temp dir and each start gets its own copy of it.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

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

async function run(dataDir) {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: path.join(root, 'server'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit']
  })
  const baseUrl = `http://127.0.0.1:${port}`
  await waitForHealth(baseUrl, child, 60_000)
  return {
    baseUrl,
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
  }
}

/** The migrated and seeded database of server/tests/helpers.ts's template, built here when it is not there yet. */
async function pristineDatabase() {
  const sources = path.join(root, 'server', 'src')
  const hash = createHash('sha256')
  for (const dir of ['db/migrations', 'seed', 'lib']) {
    for (const file of readdirSync(path.join(sources, dir)).sort()) hash.update(file).update(readFileSync(path.join(sources, dir, file)))
  }
  const template = path.join(tmpdir(), `istore-template-${hash.digest('hex').slice(0, 16)}`)
  if (existsSync(path.join(template, 'READY'))) return template
  const building = mkdtempSync(path.join(tmpdir(), 'istore-template-build-'))
  await (await run(building)).stop()
  writeFileSync(path.join(building, 'READY'), new Date().toISOString())
  try {
    renameSync(building, template)
  } catch {
    rmSync(building, { recursive: true, force: true }) // another test process won the race
  }
  return template
}

export async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'istore-mp-'))
  cpSync(path.join(await pristineDatabase(), 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true })
  const server = await run(dataDir)
  return {
    baseUrl: server.baseUrl,
    async stop() {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
