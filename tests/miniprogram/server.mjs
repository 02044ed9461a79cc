/**
 * The real reference server on a free loopback port and a fresh temporary database with the demo catalogue, started
 * as a process as the browser tests do (tests/support/referenceServer.mjs). Creating and seeding an embedded database
 * costs seconds (15 on a busy machine), so each start gets its own copy of the pristine seeded template the server
 * tests use (seededDataDir).
 */
import { rmSync } from 'node:fs'
import { seededDataDir, startServerProcess } from '../support/referenceServer.mjs'

const run = (dataDir, env) => startServerProcess({ dataDir, staticDir: dataDir, env })

/** `env`: extra variables of the server (a real payment provider's, pointed at its protocol double). */
export async function startServer(env = {}) {
  const dataDir = await seededDataDir('istore-mp-')
  const server = await run(dataDir, env)
  return {
    baseUrl: server.baseUrl,
    /** The server's DATA_DIR: its mail lands in outbox/ (no SMTP_URL). */
    dataDir,
    async stop() {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
