#!/usr/bin/env node
/**
 * The server load on PostgreSQL: run under scripts/with-postgres.sh (a throw-away local cluster; note its settings
 * favour speed: fsync and synchronous_commit off), it starts the reference server on DATABASE_URL with the demo
 * catalogue and prints the same load figures as the embedded run, as one JSON line on stdout.
 */
import { loadSubjects, serverLoad } from './load.mjs'
import { startServer } from './server.mjs'
import { shopperLoad, SHOPPER_LOAD_ENV } from './shoppers.mjs'

if (!process.env.DATABASE_URL) throw new Error('pgload.mjs runs under scripts/with-postgres.sh (DATABASE_URL is not set)')
const server = await startServer({ env: { DATABASE_URL: process.env.DATABASE_URL, ...SHOPPER_LOAD_ENV } })
try {
  const subjects = await loadSubjects(server.baseUrl)
  const shoppers = await shopperLoad(server.baseUrl, subjects.sellOutProduct)
  const load = await serverLoad(server.baseUrl, subjects)
  process.stdout.write(`${JSON.stringify({ ...load, shoppers })}\n`)
} finally {
  await server.stop()
}
