/** What every mini-program journey file uses: a fresh launch per journey, the device-clean check, requests by path. */
import assert from 'node:assert/strict'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { distOf, launch } from './runtime.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** Runs `journey` on a fresh launch (own storage: a new shopper) against `server` and closes it whatever happens. */
export async function withMiniProgram(server, kind, options, journey) {
  const mp = launch({ kind, dist: distOf(root, kind), serverUrl: server.baseUrl, ...options })
  try {
    await journey(mp)
  } finally {
    mp.close()
  }
}

/** Nothing threw, a device would have refused nothing, and every image shown can be loaded. */
export async function assertDeviceClean(mp) {
  assert.deepEqual(mp.errors.map((e) => `${e.where}: ${e.error?.stack ?? JSON.stringify(e.error)}`), [])
  assert.deepEqual(mp.consoleErrors, [])
  assert.deepEqual(mp.refusals, [])
  assert.deepEqual(await mp.unloadableImages(), [])
}

export const requestsTo = (mp, method, pathPrefix) => mp.requests.filter((r) => r.method === method && r.path.startsWith(`/api/istore/client${pathPrefix}`))
