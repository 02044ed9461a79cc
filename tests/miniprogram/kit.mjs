/** What the mini-program journey files share: their server, launching a build for one journey, the device-clean check. */
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before } from 'node:test'
import { fileURLToPath } from 'node:url'
import { distOf, launch } from './runtime.mjs'
import { startServer } from './server.mjs'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The file's reference server, started before its tests and stopped after them; `baseUrl` is there once it runs. */
export function serverForFile() {
  const server = {}
  before(async () => Object.assign(server, await startServer()))
  after(async () => server.stop?.())
  return server
}

/** Runs `journey` on a fresh launch of `kind` (own storage: a new shopper) against `serverUrl`, and closes it whatever happens. */
export async function runMiniProgram(kind, serverUrl, options, journey) {
  const mp = launch({ kind, dist: distOf(root, kind), serverUrl, ...options })
  try {
    await journey(mp)
  } finally {
    mp.close()
  }
}

/** `withMiniProgram(kind, options, journey)` bound to a server whose URL is known only once it started. */
export const miniProgramsOn = (serverUrl) => (kind, options, journey) => runMiniProgram(kind, serverUrl(), options, journey)

export const SIGN_IN_BUTTON = { weapp: 'Sign in with WeChat', alipay: 'Sign in with Alipay' }

/** The requests of one method whose path starts with the API prefix and `pathPrefix`. */
export const requestsTo = (mp, method, pathPrefix) => mp.requests.filter((r) => r.method === method && r.path.startsWith(`/api/istore/client${pathPrefix}`))

/** Nothing threw, a device would have refused nothing, and every image shown can be loaded. */
export async function assertDeviceClean(mp) {
  assert.deepEqual(mp.errors.map((e) => `${e.where}: ${e.error?.stack ?? JSON.stringify(e.error)}`), [])
  assert.deepEqual(mp.consoleErrors, [])
  assert.deepEqual(mp.refusals, [])
  assert.deepEqual(await mp.unloadableImages(), [])
}
