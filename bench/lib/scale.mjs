#!/usr/bin/env node
/**
 * Issue 26 item 4, scale on PostgreSQL: run under scripts/with-postgres.sh (`npm run bench -- --scale` does that). In a
 * scratch database of that throw-away cluster (never a test database) it seeds 100,000 products and 1,000,000 orders
 * (bench/lib/scaleSeed.mjs), starts the reference server with the in-memory catalogue cache OFF (CATALOG_CACHE=off) and
 * measures at 20 connections: product lists, product pages, search (English and Chinese terms, one that finds nothing
 * too), the search count the search page asks for beside it (searchCount, which also records a search that found
 * something for the popular searches), a shopper's order history, each beside the floor route of the same server; then
 * product list and page and the search count with the cache ON, on a second server over the same data. For each
 * route: the CPU seconds of the server, of PostgreSQL and of the load generator during the run (they share the
 * machine's cores), and the plans PostgreSQL chose for its statements (auto_explain, EXPLAIN ANALYZE of the server's
 * own queries). Prints one JSON line on stdout.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { LOAD, measure } from './load.mjs'
import { ADJECTIVES, NOUNS, seedScale } from './scaleSeed.mjs'
import { repoRoot, startServer } from './server.mjs'

const pg = createRequire(path.join(repoRoot, 'server', 'package.json'))('pg')
const API = '/api/istore/client'
/** BENCH_SCALE_PRODUCTS / BENCH_SCALE_ORDERS shrink the data for trying the bench itself (a report for the record uses the defaults). */
export const SCALE = {
  products: Number(process.env.BENCH_SCALE_PRODUCTS ?? 100_000),
  orders: Number(process.env.BENCH_SCALE_ORDERS ?? 1_000_000),
  users: 50_000,
  demoOrders: 100,
  connections: 20
}
/** The targets (p99, ms). */
export const SCALE_TARGETS = { productList: 50, productPage: 50, searchEnglish: 100, searchChinese: 100, orderHistory: 50 }
const DEMO = { email: 'demo@istore.test', password: 'demopass123' }
/** English and Chinese terms: common nouns (1 product in 40), an adjective (1 in 24), and one the catalogue lacks. */
const TERMS = {
  en: ['matcha', 'oolong tea', 'coffee', 'velvet', 'mooncake', 'durian'],
  zh: ['咖啡', '抹茶', '乌龙茶', '月饼', '红宝石', '榴莲']
}

const log = (msg) => process.stderr.write(`[scale] ${msg}\n`)
if (!process.env.DATABASE_URL) throw new Error('scale.mjs runs under scripts/with-postgres.sh (DATABASE_URL is not set)')
const clusterUrl = new URL(process.env.DATABASE_URL)
const scratchUrl = new URL(clusterUrl)
scratchUrl.pathname = '/istore_scale'

const admin = new pg.Client({ connectionString: clusterUrl.href })
await admin.connect()
await admin.query('CREATE DATABASE istore_scale')
const { rows: [{ data_directory: dataDir }] } = await admin.query('SHOW data_directory')
const { rows: [{ server_version: postgresVersion }] } = await admin.query('SHOW server_version')
await admin.end()
const db = new pg.Client({ connectionString: scratchUrl.href })
await db.connect()

const CLOCK_TICKS = 100
/** CPU seconds (user + system) of a process, from /proc. */
function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  } catch {
    return 0 // exited between listing and reading
  }
}
const postmasterPid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
/** The cluster's postmaster and its backends (other clusters on the machine are not counted). */
function postgresCpuSeconds() {
  let total = cpuSecondsOf(postmasterPid)
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')
      if (Number(fields[1]) === postmasterPid) total += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
    } catch {
      // gone
    }
  }
  return total
}

async function json(res) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`)
  return res.json()
}

/** The demo shopper signed in: their cookies (session, XSRF). */
async function signIn(baseUrl) {
  const cookies = new Map()
  const keep = (res) => res.headers.getSetCookie().forEach((c) => {
    const [pair] = c.split(';')
    const eq = pair.indexOf('=')
    cookies.set(pair.slice(0, eq), pair.slice(eq + 1))
  })
  const first = await fetch(`${baseUrl}${API}/common3/appInfoInit`)
  await first.arrayBuffer()
  keep(first)
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const res = await fetch(`${baseUrl}${API}/common3/signon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: header(), 'x-xsrf-token': cookies.get('XSRF-TOKEN') },
    body: JSON.stringify({ emailID: DEMO.email, password: DEMO.password })
  })
  keep(res)
  await json(res)
  return header()
}

/** The routes measured, each a rotation of paths (so no answer is the same few rows over and over). */
async function subjects(baseUrl, cookie) {
  const { categories } = await json(await fetch(`${baseUrl}${API}/productManagement/categories`))
  const { rows } = await db.query(`SELECT id FROM products WHERE product_type = 'PRODUCT' AND record_status = 'ACTIVE' ORDER BY id`)
  const ids = rows.map((r) => r.id)
  const spread = (n, pick) => Array.from({ length: n }, (_, i) => pick(i))
  const sorts = ['default', 'priceLowToHigh', 'name']
  return {
    productList: spread(60, (i) => `${API}/productManagement2/products?categoryName=${encodeURIComponent(categories[i % categories.length].name)}&sortby=${sorts[i % sorts.length]}&startingPosition=${(i % 5) * 12}&numberToLoad=12`),
    productPage: spread(500, (i) => `${API}/productDetailManagement/productDetail/${ids[Math.floor((i * ids.length) / 500)]}`),
    searchEnglish: TERMS.en.map((t) => `${API}/productManagement2/products/search/${encodeURIComponent(t)}?numberToLoad=12`),
    searchChinese: TERMS.zh.map((t) => `${API}/productManagement2/products/search/${encodeURIComponent(t)}?numberToLoad=12`),
    searchCount: [...TERMS.en, ...TERMS.zh].map((t) => `${API}/productManagement2/products/searchCount/${encodeURIComponent(t)}`),
    orderHistory: spread(5, (i) => `${API}/admin/orderManagement/orders/list?numberToLoad=10&startingPosition=${i * 10}`),
    cookie
  }
}

/** One route at SCALE.connections, rotating through its paths, with the CPU each party used meanwhile. */
async function measureRoute(baseUrl, serverPid, paths, cookie) {
  let next = 0
  const before = { server: cpuSecondsOf(serverPid), postgres: postgresCpuSeconds(), loadGenerator: process.cpuUsage() }
  const result = await measure({
    url: baseUrl,
    connections: SCALE.connections,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length], headers: cookie ? { cookie } : {} }) }]
  })
  const lg = process.cpuUsage(before.loadGenerator)
  const cpu = {
    server: Number((cpuSecondsOf(serverPid) - before.server).toFixed(1)),
    postgres: Number((postgresCpuSeconds() - before.postgres).toFixed(1)),
    loadGenerator: Number(((lg.user + lg.system) / 1e6).toFixed(1))
  }
  return { ...result, cpuSeconds: cpu }
}

/** The plans of the statements one request runs, as auto_explain logs them (EXPLAIN ANALYZE), slowest first. */
async function plansOf(baseUrl, paths, cookie, logFile) {
  const out = {}
  for (const [name, p] of Object.entries(paths)) {
    const from = statSync(logFile).size
    const res = await fetch(`${baseUrl}${p}`, { headers: cookie ? { cookie } : {} })
    await res.arrayBuffer()
    await db.query('SELECT 1') // the backend's log lines are flushed before the next statement ends
    const text = readFileSync(logFile, 'utf8').slice(from)
    const plans = text.split(/\n(?=\S.*LOG: {2}duration: )/).filter((e) => e.includes('duration:') && e.includes('Query Text:'))
      .map((e) => ({ ms: Number(/duration: ([\d.]+) ms/.exec(e)[1]), plan: e.slice(e.indexOf('Query Text:')).trim() }))
      .sort((a, b) => b.ms - a.ms)
    out[name] = { path: p, statements: plans.length, totalMs: Number(plans.reduce((s, x) => s + x.ms, 0).toFixed(1)), slowest: plans.slice(0, 2) }
  }
  return out
}

const started = performance.now()
const loadAverageAtStart = Number(os.loadavg()[0].toFixed(2))
const serverEnv = { DATABASE_URL: scratchUrl.href, CATALOG_CACHE: 'off' }
log('migrating and seeding the demo store')
let server = await startServer({ env: serverEnv })
let seed
try {
  log(`seeding ${SCALE.products} products, ${SCALE.orders} orders`)
  seed = await seedScale(db, { ...SCALE, demoEmail: DEMO.email }, log)
} catch (err) {
  await server.stop()
  throw err
}

const figures = {}
let cacheOn
let plans
try {
  const cookie = await signIn(server.baseUrl)
  const s = await subjects(server.baseUrl, cookie)
  const route = (paths, withCookie) => measureRoute(server.baseUrl, server.pid, paths, withCookie ? cookie : null)
  log('cache off: floor, product list, product page, search (en, zh), search count, order history')
  figures.floor = await route([`${API}/bench/floor`])
  figures.productList = await route(s.productList)
  figures.productPage = await route(s.productPage)
  figures.searchEnglish = await route(s.searchEnglish)
  figures.searchChinese = await route(s.searchChinese)
  figures.searchCount = await route(s.searchCount)
  figures.orderHistory = await route(s.orderHistory, true)
  // Where the time goes: auto_explain (EXPLAIN ANALYZE) on every statement of one request per route, on a fresh server.
  await server.stop()
  await db.query(`ALTER DATABASE istore_scale SET session_preload_libraries = 'auto_explain'`)
  for (const setting of ['auto_explain.log_min_duration = 0', 'auto_explain.log_analyze = on', 'auto_explain.log_buffers = on']) {
    await db.query(`ALTER DATABASE istore_scale SET ${setting}`)
  }
  server = await startServer({ env: serverEnv })
  const logFile = path.join(path.dirname(dataDir), 'server.log')
  const one = (list) => list[list.length - 1]
  plans = await plansOf(server.baseUrl, {
    productList: one(s.productList), productPage: one(s.productPage), searchEnglish: s.searchEnglish[0], searchEnglishNone: one(s.searchEnglish),
    searchChinese: s.searchChinese[0], searchChineseNone: one(s.searchChinese), searchCountEnglish: s.searchCount[0], searchCountChinese: s.searchCount[TERMS.en.length]
  }, null, logFile)
  Object.assign(plans, await plansOf(server.baseUrl, { orderHistory: s.orderHistory[0] }, await signIn(server.baseUrl), logFile))
  await server.stop()
  await db.query('ALTER DATABASE istore_scale RESET ALL')
  log('cache on: floor, product list, product page, search count')
  server = await startServer({ env: { DATABASE_URL: scratchUrl.href } })
  cacheOn = {
    floor: await route([`${API}/bench/floor`]),
    productList: await route(s.productList),
    productPage: await route(s.productPage),
    // searchCount asks the search index whether each word of a term that found something is a catalogue word before
    // recording it (services/search.ts recordSearch), with the cache on as off.
    searchCount: await route(s.searchCount)
  }
} finally {
  await server.stop()
  await db.end()
}

process.stdout.write(`${JSON.stringify({
  generatedAt: new Date().toISOString(),
  commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot }).toString().trim(),
  cpus: os.cpus().length,
  seconds: LOAD.seconds,
  targets: SCALE_TARGETS,
  settings: { ...SCALE, terms: TERMS, words: { adjectives: ADJECTIVES.length, nouns: NOUNS.length } },
  postgres: postgresVersion,
  seedSeconds: seed.seconds,
  loadAverage: { atStart: loadAverageAtStart, atEnd: Number(os.loadavg()[0].toFixed(2)) },
  cacheOff: figures,
  cacheOn,
  plans,
  runSeconds: Math.round((performance.now() - started) / 1000)
})}\n`)
