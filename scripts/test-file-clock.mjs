/**
 * Loaded with `node --import` into every test-file process of a `node --test` run (the server, mini-program and browser
 * suites): when the file's process ends it appends the file's wall and CPU seconds to $TEST_FILE_TIMES (one JSON line),
 * from which scripts/test-run.mjs names the slowest files of each runner. CPU counts the process's threads (PGlite's
 * worker too), not the servers or CLIs it starts. Without TEST_FILE_TIMES it does nothing.
 */
import { appendFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'

const out = process.env.TEST_FILE_TIMES
const file = process.argv[1] ?? ''
if (out && /\.test\.m?[jt]s$/.test(file)) {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage()
    const line = { file, wall: performance.now() / 1000, cpu: (user + system) / 1e6 }
    appendFileSync(out, `${JSON.stringify(line)}\n`)
  })
}
