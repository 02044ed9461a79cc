#!/usr/bin/env node
/**
 * Cart writes, before and after, back to back: `node bench/cart-ab.mjs <git ref>` extracts the reference server of
 * <git ref> (server/, contract/ and src/, whose rules the server imports) into bench/.work/ab-<commit>, then measures the constant route and add to cart
 * (bench/lib/load.mjs, 50 connections) on the embedded database for the old and the working-tree server in turn,
 * ROUNDS times (default 2, alternating, so both meet the same machine), and the same on PostgreSQL when run under
 * scripts/with-postgres.sh (each server gets a fresh database on that cluster). The machine is shared: each line
 * carries the 1-minute load average as its run started. Prints a table; writes nothing else.
 *   node bench/cart-ab.mjs HEAD~3
 *   bash scripts/with-postgres.sh node bench/cart-ab.mjs HEAD~3
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { cartWriteLoad, loadSubjects } from './lib/load.mjs'
import { repoRoot, startServer } from './lib/server.mjs'
import { SHOPPER_LOAD_ENV } from './lib/shoppers.mjs'

const ref = process.argv[2]
if (!ref) throw new Error('usage: node bench/cart-ab.mjs <git ref of the "before" server>')
const rounds = Number(process.env.ROUNDS ?? 2)
const commit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: repoRoot }).toString().trim()

/** The old server's files beside the current packages (node_modules linked, not installed). */
function checkout() {
  const dir = path.join(repoRoot, 'bench', '.work', `ab-${commit}`)
  if (!existsSync(path.join(dir, 'server', 'src'))) {
    mkdirSync(dir, { recursive: true })
    execFileSync('bash', ['-c', `git archive ${commit} server contract src | tar -x -C '${dir}'`], { cwd: repoRoot })
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'))
    symlinkSync(path.join(repoRoot, 'server', 'node_modules'), path.join(dir, 'server', 'node_modules'))
  }
  return path.join(dir, 'server')
}

const adminUrl = process.env.DATABASE_URL
async function freshDatabase() {
  if (!adminUrl) return { env: {}, drop: async () => {} }
  const pg = createRequire(path.join(repoRoot, 'server', 'package.json'))('pg')
  const name = `istore_ab_${Math.random().toString(16).slice(2, 10)}`
  const sql = async (text) => {
    const c = new pg.Client({ connectionString: adminUrl })
    await c.connect()
    try { await c.query(text) } finally { await c.end() }
  }
  await sql(`CREATE DATABASE ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return { env: { DATABASE_URL: url.toString() }, drop: () => sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

const variants = [[`before (${commit})`, checkout()], ['after (working tree)', path.join(repoRoot, 'server')]]
const rows = []
for (let round = 1; round <= rounds; round++) {
  for (const [name, cwd] of variants) {
    const db = await freshDatabase()
    const server = await startServer({ cwd, env: { ...SHOPPER_LOAD_ENV, ...db.env } })
    try {
      const { cartProduct } = await loadSubjects(server.baseUrl)
      const r = await cartWriteLoad(server.baseUrl, cartProduct)
      rows.push({ name, round, ...r })
      console.error(`${name} round ${round}: add to cart p99 ${r.addToCart.p99Ms} ms (load average ${r.addToCart.loadAverage})`)
    } finally {
      await server.stop()
      await db.drop()
    }
  }
}

const database = adminUrl ? 'PostgreSQL' : 'embedded (PGlite)'
console.log(`\nCart writes on ${database}, ${rounds} round(s), alternating:\n`)
console.log('| server | round | load average | floor p50 / p99 | floor req/s | add to cart p50 / p99 | add to cart req/s | p99 / floor | non-2xx |')
console.log('|---|---|---|---|---|---|---|---|---|')
for (const r of rows) {
  console.log(`| ${r.name} | ${r.round} | ${r.floor.loadAverage}, ${r.addToCart.loadAverage} | ${r.floor.p50Ms} / ${r.floor.p99Ms} ms | ${r.floor.rps} | ${r.addToCart.p50Ms} / ${r.addToCart.p99Ms} ms | ${r.addToCart.rps} | ${r.addToCart.p99VsFloor}× | ${r.addToCart.non2xx} |`)
}
