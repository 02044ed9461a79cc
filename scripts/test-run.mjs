/**
 * `npm test`'s stages (scripts/test.sh installs what they need first), run side by side so both cores stay busy: a
 * stage starts once the stages it needs have passed and one of the run's slots is free (TEST_SLOTS, 2 by default),
 * the earliest in STAGES' order first. The order puts the long chain first (the H5 build, then the browser suite, the
 * longest stage) and the server suites next, so the short stages fill the gaps and no long stage starts last. Two
 * slots, not three: with three, the load reached 15-19, every unit of work cost more CPU (the PGlite suite 917 s
 * against 734 s alone), and starts that create a database outgrew their guards. A failed stage skips the stages that
 * need it; the others still run. Each stage's output goes to its own log, printed when the stage ends (whole when it
 * failed, its last lines when it passed), so outputs do not interleave.
 *
 * At the end it prints a table: each stage's wall and CPU seconds, the load average, and the five slowest files of each
 * test runner. With TEST_TIMES_REPORT=FILE it also writes that table, with the commit, to FILE (`npm run test:times`
 * writes bench/test-times.md). Nothing else is written into the tree. TEST_VERBOSE=1 prints every log whole.
 *
 * Only these stages: `node scripts/test-run.mjs --only jest,server-pglite` (the stages they need are not run, so name
 * them too, or build first).
 */
import { spawn, execSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { TEST_NODE_FLAGS } from '../server/tests/entry.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-test-run-'))
const clock = `--import ${path.join(root, 'scripts/test-file-clock.mjs')}`
const times = (name) => path.join(work, `${name}.times.jsonl`)
/**
 * Scratch space of the suites that start servers: tmpfs when the machine has one. A server test copies a 42 MB
 * database for each server it starts, and on tmpfs that copy costs a third of ext4's CPU; the throw-away PostgreSQL
 * cluster lives there too (it runs as its own user, hence the mode). Removed at the end.
 */
const scratch = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'istore-test-tmp-'))
fs.chmodSync(scratch, 0o1777)
/**
 * The server's compiled build (server/scripts/compile.mjs), made by the first stage, used by every server process; and
 * the scratch space.
 */
const build = { ISTORE_SERVER_BUILD: '.build', TMPDIR: scratch }

/**
 * Test files at once in each node --test stage. Three, not two: a file of these suites waits much of its time (on a
 * browser's frames, a server starting, a child process), and at two each stage kept 0.7 of a core busy (e2e 802 s of
 * CPU in 1152 s, the PGlite suite 804 in 1200, on CI), so a fifth of the run's CPU time was idle. The suites passed
 * whole at load averages of 20 to 38 (a run beside seven helpers' builds), so the extra load costs no determinism.
 */
const FILES_AT_ONCE = 3

/** A node --test run of `files` (relative to `cwd`) at `concurrency`, its per-file times kept for the table. */
const nodeTests = (name, cwd, files, concurrency) =>
  `cd ${cwd} && TEST_FILE_TIMES=${times(name)} node ${TEST_NODE_FLAGS.join(' ')} ${clock} --test --test-reporter=spec --test-concurrency=${concurrency} ${files}`

/** The server's test files as compile-server grouped them (server/scripts/compile.mjs, server/tests/group.mjs). */
const SERVER_TESTS = '$(cat .build/tests/run-order.txt)'

const STAGES = [
  { name: 'compile-server', title: 'server compiled once for the run (esbuild)', cmd: 'node server/scripts/compile.mjs' },
  { name: 'build-h5', title: 'build: h5', cmd: 'npm run build:h5 --silent' },
  // The back office (admin/, esbuild: a few seconds); the browser journeys drive it at /admin beside the store.
  { name: 'build-admin', title: 'build: back office', cmd: 'npm run build:admin --silent' },
  { name: 'e2e', title: 'browser tests (Playwright, Debian Chromium)', runner: 'node', env: build, needs: ['compile-server', 'build-h5', 'build-admin'],
    cmd: nodeTests('e2e', '.', 'tests/e2e/*.test.mjs', FILES_AT_ONCE) },
  { name: 'types-server', title: 'types: server', cmd: 'npm --prefix server run --silent typecheck' },
  { name: 'types-client', title: 'types: client', cmd: 'npx tsc -p tsconfig.json --noEmit' },
  { name: 'types-admin', title: 'types: back office', cmd: 'npx tsc -p admin/tsconfig.json --noEmit' },
  { name: 'openapi-lint', title: "OpenAPI documents (shopper's and back office's): Redocly's recommended rules (redocly.yaml)",
    cmd: 'REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint --config redocly.yaml --format summary contract/openapi.json contract/openapi-admin.json' },
  { name: 'import-rules', title: 'import rules (.dependency-cruiser.cjs)', cmd: 'npm run --silent check:imports' },
  // Lighthouse's mobile preset on home, a list, a product and the cart, judged by main-thread CPU time against
  // bench/lighthouse-baseline.json (issue 42 item 5): CPU time, unlike Lighthouse's wall-clock score, holds on a busy machine.
  { name: 'lighthouse', title: 'Lighthouse check on the H5 build (main-thread CPU against bench/lighthouse-baseline.json)', env: build,
    needs: ['compile-server', 'build-h5'], cmd: 'node scripts/lighthouse-check.mjs' },
  { name: 'server-pglite', title: 'server contract tests (real server, embedded database)', runner: 'node', env: build, needs: ['compile-server'],
    cmd: nodeTests('server-pglite', 'server', SERVER_TESTS, FILES_AT_ONCE) },
  // The mini-programs call an absolute https API origin; the mini-program suite maps this test origin to its server.
  { name: 'build-weapp', title: 'build: weapp', cmd: 'ISTORE_API_ORIGIN=https://shop.test npm run build:weapp --silent' },
  { name: 'weapp-scan', title: "WeChat's code-quality scan on dist/weapp (miniprogram-ci checkCodeQuality)", needs: ['build-weapp'],
    cmd: 'node scripts/check-weapp-quality.mjs' },
  { name: 'build-alipay', title: 'build: alipay', cmd: 'ISTORE_API_ORIGIN=https://shop.test npm run build:alipay --silent' },
  { name: 'budgets', title: 'size budgets', needs: ['build-h5', 'build-admin', 'build-weapp', 'build-alipay'], cmd: 'node bench/check-budgets.mjs' },
  { name: 'server-postgres', title: 'server contract tests on PostgreSQL (throw-away cluster)', runner: 'node', env: build, needs: ['compile-server'],
    cmd: `bash scripts/with-postgres.sh bash -c '${nodeTests('server-postgres', 'server', SERVER_TESTS, FILES_AT_ONCE)}'` },
  { name: 'miniprogram', title: 'mini-programs: dist/weapp and dist/alipay run headlessly against the real server', runner: 'node',
    env: build, needs: ['compile-server', 'build-weapp', 'build-alipay'], cmd: nodeTests('miniprogram', '.', 'tests/miniprogram/', FILES_AT_ONCE) },
  { name: 'jest', title: 'unit and component tests (jest)', runner: 'jest',
    // One worker beside another stage: the other stage keeps the other core busy, and a second jsdom worker cost more
    // CPU than it saved (227 s against one worker's 158 s, on a busier machine). Two when it is the last stage to start,
    // since the other core then idles once the stages still running end (a run ended with jest alone for 140 s). Its
    // transform cache starts empty, as on CI's clean machine, so the table shows what CI pays.
    cmd: ({ last }) => `npx jest --ci --maxWorkers=${last ? 2 : 1} --cacheDirectory=${path.join(scratch, 'jest')} --json --outputFile=${path.join(work, 'jest.json')}` },
]

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : null
const stages = STAGES.filter((s) => !only || only.includes(s.name))
for (const name of only ?? []) if (!STAGES.some((s) => s.name === name)) throw new Error(`no stage ${name}: ${STAGES.map((s) => s.name).join(', ')}`)

const loadavg = () => os.loadavg().map((l) => l.toFixed(2)).join(' ')
const results = new Map() // name -> { status, wall, cpu, load }
const children = new Set()

/**
 * Runs one stage under bash's `time` (its CPU is the user + sys of every process it waited for). A stage's `cmd` may be
 * a function of `{ last }`: whether no stage waits to start after it.
 */
function runStage(stage, context) {
  const log = path.join(work, `${stage.name}.log`)
  const cpuFile = path.join(work, `${stage.name}.cpu`)
  const cmd = typeof stage.cmd === 'function' ? stage.cmd(context) : stage.cmd
  const script = `exec 3>"$1"; TIMEFORMAT='%U %S'; { time { ${cmd} ; } >"$2" 2>&1 ; } 2>&3`
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script, 'stage', cpuFile, log], {
      cwd: root, detached: true, stdio: 'ignore', env: { ...process.env, ...stage.env, TEST_EXTRA_CPU: path.join(work, `${stage.name}.extra-cpu`) },
    })
    children.add(child)
    child.on('exit', (code, signal) => {
      children.delete(child)
      const wall = (Date.now() - started) / 1000
      const [user, sys] = fs.existsSync(cpuFile) ? fs.readFileSync(cpuFile, 'utf8').trim().split(/\s+/).map(Number) : [0, 0]
      const extra = readExtraCpu(stage)
      const ok = code === 0
      results.set(stage.name, { status: ok ? 'ok' : `failed (${signal ?? code})`, started: (started - runStarted) / 1000, wall, cpu: user + sys + extra, extra, load: loadavg() })
      report(stage, log, ok)
      resolve(ok)
    })
  })
}

/** CPU a stage's daemons spent outside its process tree (the PostgreSQL server, scripts/with-postgres.sh). */
function readExtraCpu(stage) {
  const file = path.join(work, `${stage.name}.extra-cpu`)
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n').reduce((a, l) => a + Number(l || 0), 0) : 0
}

function report(stage, log, ok) {
  const r = results.get(stage.name)
  const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''
  const lines = text.trimEnd().split('\n')
  const shown = ok && !process.env.TEST_VERBOSE ? lines.slice(-12) : lines
  const head = `== ${stage.title} [${stage.name}]: ${r.status} in ${r.wall.toFixed(0)} s (CPU ${r.cpu.toFixed(0)} s, load ${r.load})`
  process.stdout.write(`${head}\n${ok && lines.length > shown.length ? `   … ${lines.length - shown.length} lines above in ${log}\n` : ''}${shown.join('\n')}\n\n`)
}

/** A stage's result for the table, when it did not run. */
const skipped = (why) => ({ status: `skipped (${why})`, started: NaN, wall: 0, cpu: 0, extra: 0, load: loadavg() })

const SLOTS = Number(process.env.TEST_SLOTS ?? 2)

/** Runs every stage, at most SLOTS at once, each once the stages it needs have passed (a failed need skips it). */
function runAll() {
  const waiting = [...stages]
  let running = 0
  return new Promise((resolve) => {
    const next = () => {
      for (const stage of [...waiting]) {
        const needs = (stage.needs ?? []).filter((n) => stages.some((s) => s.name === n))
        const failed = needs.find((n) => results.has(n) && results.get(n).status !== 'ok')
        if (failed) {
          waiting.splice(waiting.indexOf(stage), 1)
          results.set(stage.name, skipped(`${failed} did not pass`))
          continue
        }
        if (running >= SLOTS || !needs.every((n) => results.get(n)?.status === 'ok')) continue
        waiting.splice(waiting.indexOf(stage), 1)
        running++
        runStage(stage, { last: !waiting.length }).then(() => {
          running--
          next()
        })
      }
      if (!running && !waiting.length) resolve()
    }
    next()
  })
}

function abort() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  fs.rmSync(scratch, { recursive: true, force: true })
  process.exit(130)
}
process.on('SIGINT', abort)
process.on('SIGTERM', abort)

const startLoad = loadavg()
const runStarted = Date.now()
console.log(`test-run: ${stages.length} stages, ${SLOTS} at a time; logs in ${work}\n`)
await runAll()
const wall = (Date.now() - runStarted) / 1000

const table = summary()
console.log(table)
if (process.env.TEST_TIMES_REPORT) {
  const commit = execSync('git rev-parse --short HEAD', { cwd: root, encoding: 'utf8' }).trim()
  const dirty = execSync('git status --porcelain', { cwd: root, encoding: 'utf8' }).trim() ? ' (with uncommitted changes)' : ''
  const title = `# npm test: where the time goes\n\nCommit ${commit}${dirty}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} cores. Written by \`npm run test:times\`.\n\n`
  fs.writeFileSync(path.resolve(root, process.env.TEST_TIMES_REPORT), title + table)
}
const failed = [...results.values()].some((r) => r.status !== 'ok')
if (failed) console.log(failures())
fs.rmSync(scratch, { recursive: true, force: true })
if (!failed) fs.rmSync(work, { recursive: true, force: true })
process.exit(failed ? 1 : 0)

function summary() {
  const rows = stages.map((s) => {
    const r = results.get(s.name)
    return `| ${s.name} | ${Number.isNaN(r.started) ? '' : r.started.toFixed(0)} | ${r.wall.toFixed(0)} | ${r.cpu.toFixed(0)}${r.extra ? ` (${r.extra.toFixed(0)} in PostgreSQL)` : ''} | ${r.load} | ${testCount(s)} | ${r.status} |`
  })
  const cpu = [...results.values()].reduce((a, r) => a + r.cpu, 0)
  const out = [
    `## Stages (wall and CPU seconds; load average 1/5/15 min at the stage's end)`,
    '',
    '| stage | started at s | wall s | CPU s | load at end | tests | result |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    `| **all** | | **${wall.toFixed(0)}** (${(wall / 60).toFixed(1)} min) | **${cpu.toFixed(0)}** | start ${startLoad}, end ${loadavg()} | | ${(cpu / wall / os.cpus().length * 100).toFixed(0)} % of ${os.cpus().length} cores busy |`,
    '',
    '## Slowest files of each runner (wall s; CPU s of the test process itself, not of the servers it starts)',
    '',
  ]
  for (const s of stages.filter((st) => st.runner)) {
    const files = s.runner === 'jest' ? jestFiles() : nodeFiles(s.name)
    if (!files.length) continue
    out.push(`**${s.name}** (${files.length} files)`, '', '| file | wall s | CPU s |', '|---|---|---|')
    for (const f of files.sort((a, b) => b.wall - a.wall).slice(0, 5)) out.push(`| ${f.file} | ${f.wall.toFixed(1)} | ${f.cpu === undefined ? '' : f.cpu.toFixed(1)} |`)
    out.push('')
  }
  return out.join('\n')
}

/**
 * What failed, once more at the very end, where a CI page that shows only the output's tail has it: per failed stage,
 * the runner's own closing list of failed tests with their errors (node's or jest's), else the log's last lines; without
 * stack frames, at most FAILURE_LINES each (the whole log stays in the run's folder, named above).
 */
function failures() {
  const FAILURE_LINES = 80
  const out = ['## What failed', '']
  for (const s of stages) {
    const r = results.get(s.name)
    if (r.status === 'ok' || r.status.startsWith('skipped')) continue
    const log = path.join(work, `${s.name}.log`)
    const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trimEnd() : ''
    // node --test's closing section, or jest's.
    const at = Math.max(text.lastIndexOf('✖ failing tests:'), text.lastIndexOf('Summary of all failing tests'))
    const lines = (at >= 0 ? text.slice(at) : text.split('\n').slice(-30).join('\n')).split('\n').filter((l) => !/^\s+at /.test(l))
    out.push(`### ${s.name}: ${r.status} (${log})`, '', ...lines.slice(0, FAILURE_LINES))
    if (lines.length > FAILURE_LINES) out.push(`… ${lines.length - FAILURE_LINES} more lines in ${log}`)
    out.push('')
  }
  return out.join('\n')
}

/** A runner stage's tests as its reporter counted them: "passed / all" (and how many were skipped), else empty. */
function testCount(stage) {
  if (stage.runner === 'jest') {
    const file = path.join(work, 'jest.json')
    if (!fs.existsSync(file)) return ''
    const { numTotalTests, numPassedTests, numPendingTests } = JSON.parse(fs.readFileSync(file, 'utf8'))
    return `${numPassedTests} / ${numTotalTests}${numPendingTests ? `, ${numPendingTests} skipped` : ''}`
  }
  if (stage.runner !== 'node') return ''
  const log = path.join(work, `${stage.name}.log`)
  const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''
  // The spec reporter's summary: "ℹ tests 512", "ℹ pass 510", "ℹ skipped 2", ...
  const count = (what) => Number(new RegExp(`^ℹ ${what} (\\d+)$`, 'm').exec(text)?.[1] ?? 0)
  if (!count('tests')) return ''
  return `${count('pass')} / ${count('tests')}${count('skipped') ? `, ${count('skipped')} skipped` : ''}`
}

function jestFiles() {
  const file = path.join(work, 'jest.json')
  if (!fs.existsSync(file)) return []
  return JSON.parse(fs.readFileSync(file, 'utf8')).testResults.map((t) => ({
    file: path.relative(root, t.name), wall: (t.endTime - t.startTime) / 1000,
  }))
}

function nodeFiles(name) {
  const file = times(name)
  if (!fs.existsSync(file)) return []
  return fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).map((t) => ({ ...t, file: path.relative(root, t.file) }))
}
