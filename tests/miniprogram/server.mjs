/**
 * The real reference server on a free loopback port and a fresh temporary database with the demo catalogue, started
 * as a process as the browser tests do (tests/support/referenceServer.mjs). Creating and seeding an embedded database
 * costs seconds (15 on a busy machine), so, like server/tests/helpers.ts and under the same key, a pristine seeded
 * copy is kept in the temp dir and each start gets its own copy of it.
 */
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startServerProcess } from '../support/referenceServer.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const run = (dataDir) => startServerProcess({ dataDir, staticDir: dataDir })

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
