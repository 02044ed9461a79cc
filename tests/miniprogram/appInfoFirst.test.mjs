/**
 * Spec §7 "At startup the app loads app info before it is ready" (audit row G4) on both builds: the first page's first
 * render that shows anything already has the store's app info — its name, not the built-in 'Online Store' — because
 * the shell waits for appInfoInit (platform.waitsForAppInfo), as H5 has it written into its page.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { runMiniProgram, serverForFile } from './kit.mjs'

const STORE_NAME = 'Maple & Jade Market'
const FALLBACK_NAME = 'Online Store'
const server = serverForFile()

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: app info before the first page renders`, () => {
    it('the home page first shows itself with the store name, never the defaults, after appInfoInit answered', async () => {
      await runMiniProgram(kind, server.baseUrl, {}, async (mp) => {
        // Re-checked after every render: the first time the page shows any text at all.
        const first = await mp.waitFor(() => {
          const texts = mp.texts()
          return texts.length ? { texts, appInfoAnswered: mp.requests.some((r) => r.path.includes('/common3/appInfoInit') && r.status === 200) } : false
        }, { what: 'the first render with content' })
        assert.ok(first.appInfoAnswered, 'app info had answered before the page showed anything')
        assert.ok(first.texts.includes(STORE_NAME), first.texts.join('\n'))
        assert.equal(first.texts.includes(FALLBACK_NAME), false, first.texts.join('\n'))
        await mp.settled()
        assert.deepEqual(mp.errors, [])
      })
    })
  })
}
