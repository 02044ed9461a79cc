/**
 * Builds, queued on the repository's build lock like `npm run build:*` (scripts/build.sh): the store
 * and the hello-world floor (bench/floor, same toolchain, output in bench/.work/floor). Others build
 * into dist/ while the bench runs, so the store's output is copied to bench/.work/store under the
 * same lock and everything is measured and served from that copy.
 */
import { spawnSync } from 'node:child_process'
import { userInfo } from 'node:os'
import path from 'node:path'
import { repoRoot } from './server.mjs'

export const PLATFORMS = ['h5', 'weapp', 'alipay']
const LOCK = `/tmp/istore-build-${userInfo().uid}.lock`

/** A mini-program build needs an https API origin (config/apiOrigin.ts); sizes do not depend on which. */
const MINI_PROGRAM_API_ORIGIN = 'https://shop.test'

function run(command, args, cwd, env = {}) {
  const started = Date.now()
  const res = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'production', ...env } })
  if (res.status !== 0) {
    // Taro's progress bars fill the output; the end of it holds the error.
    const output = `${res.stdout ?? ''}${res.stderr ?? ''}`.split('\n').slice(-40).join('\n')
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed with ${res.status ?? res.signal}:\n${output}`)
  }
  return Math.round((Date.now() - started) / 1000)
}

const snapshot = (platform) => `rm -rf '${storeOutput(platform)}' && mkdir -p '${path.dirname(storeOutput(platform))}' && cp -a 'dist/${platform}' '${storeOutput(platform)}'`

/** Webpack's stats of a mini-program build (config/prod.ts, ISTORE_BUNDLE_STATS), for where the main package's bytes go. */
export const storeStats = (platform) => path.join(repoRoot, 'bench', '.work', `${platform}-stats.json`)

export function buildStore(platform) {
  const env = platform === 'h5' ? {} : { ISTORE_API_ORIGIN: process.env.ISTORE_API_ORIGIN || MINI_PROGRAM_API_ORIGIN, ISTORE_BUNDLE_STATS: storeStats(platform) }
  return run('flock', [LOCK, 'bash', '-c', `npx taro build --type ${platform} && ${snapshot(platform)}`], repoRoot, env)
}

/** BENCH_SKIP_BUILD: takes what is in dist/ now. */
export function snapshotStore(platform) {
  run('flock', [LOCK, 'bash', '-c', snapshot(platform)], repoRoot)
}

export function buildFloor(platform) {
  return run('flock', [LOCK, 'npx', 'taro', 'build', '--type', platform], path.join(repoRoot, 'bench', 'floor'))
}

export const floorOutput = (platform) => path.join(repoRoot, 'bench', '.work', 'floor', platform)
export const storeOutput = (platform) => path.join(repoRoot, 'bench', '.work', 'store', platform)
