/**
 * Health and readiness on a process's own address (issue 37 item 6): with PUBLIC_ORIGIN set, every request for another
 * host gets 421, except the two checks a load balancer sends to each process's own address and port.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import { withFreshServer } from './helpers.ts';

test('PUBLIC_ORIGIN set: /health and /ready answer on the process\'s own address; everything else only for the shop\'s host', async () => {
  await withFreshServer({ config: { publicOrigins: ['https://shop.test'] } }, async (srv) => {
    const get = (path: string) => fetch(`${srv.base}/api/istore/client${path}`);
    for (const path of ['/health', '/ready', '/ready?probe=lb']) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      assert.deepEqual(await res.json(), { ok: true });
    }
    const other = await get('/common3/appInfoInit');
    assert.equal(other.status, 421);
    assert.match((await other.json()).message, /does not answer for '127\.0\.0\.1'/);
    // fetch sends the address it connects to as Host; node:http sends the shop's, as the proxy in front does.
    const viaShopHost = await new Promise<number>((resolve, reject) => {
      http.get(`${srv.base}/api/istore/client/common3/appInfoInit`, { headers: { host: 'shop.test' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject);
    });
    assert.equal(viaShopHost, 200, 'the shop\'s own host');
    assert.equal((await get('/healthz')).status, 421, 'only the two checks are exempt');
  });
});
