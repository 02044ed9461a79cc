/**
 * Issue 28 item 1 on the production builds of both mini-programs against the real server: a room tapped in the live
 * list opens /pages/livestream/livestream?roomId= (spec §2), a page of the build, not the "watch in the mini-program"
 * modal the browser shows. Built without WeChat's live-player plugin (the default), the page shows the room's cover,
 * status, name, anchor and time, and what to do on this host: on WeChat that this build has no player, on Alipay how to
 * watch it in WeChat. A room no longer listed says so and leads back to the list.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertDeviceClean, requestsTo, runMiniProgram, serverForFile } from './kit.mjs'

const PAGES = {
  liveRooms: 'pages/wechatlivestreamrooms/index',
  liveRoom: 'pages/livestream/livestream'
}
const HINT = {
  weapp: 'This version of the mini-program has no live player',
  alipay: 'Live streams play in WeChat. To watch “Pour-over coffee at home: a barista\'s basics”, open WeChat'
}

const server = serverForFile()

for (const kind of ['weapp', 'alipay']) {
  describe(`live rooms on ${kind}`, () => {
    it('a room tapped in the list opens its room page with the room and what to do here', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry: PAGES.liveRooms }, async (mp) => {
        await mp.waitForText("Pour-over coffee at home: a barista's basics")
        mp.tap("Pour-over coffee at home: a barista's basics")
        await mp.waitForPage(PAGES.liveRoom)
        assert.deepEqual(mp.currentPage().options, { roomId: '1202' })
        await mp.waitForText(HINT[kind])
        const text = mp.text()
        for (const shown of ['Upcoming', 'Host: Emma Chen, Maple Roasters', 'Starts 20', 'It has not started yet', 'All live streams', 'Shop the store']) {
          assert.ok(text.includes(shown), `${shown} in:\n${text}`)
        }
        assert.ok(!text.includes('Watch in the mini-program'), 'no "open in the mini-program" modal inside the mini-program')
        assert.ok(!text.includes('Watch the live stream'), 'no Watch button without the live-player plugin')
        assert.ok(
          [...mp.imageSources].some((src) => src.endsWith('/live-pour-over-at-home.svg')),
          `the room's cover is shown: ${[...mp.imageSources].join(', ')}`
        )
        // The room is looked up in the store's list, at most 100 rooms a request (WeChat's page size).
        const lookups = requestsTo(mp, 'POST', '/wechat/weChatlivestreaminfo').map((r) => (typeof r.body === 'string' ? JSON.parse(r.body) : r.body))
        assert.deepEqual(lookups, [{ start: 0, limit: 10 }, { start: 0, limit: 100 }])

        mp.tap('All live streams')
        await mp.waitForPage(PAGES.liveRooms)
        await assertDeviceClean(mp)
      })
    })

    it('a room no longer listed says so and leads back to the list', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry: `${PAGES.liveRoom}?roomId=999999` }, async (mp) => {
        await mp.waitForText('This live room is no longer in the store’s list.')
        mp.tap('All live streams')
        await mp.waitForPage(PAGES.liveRooms)
        await mp.waitForText('Spring Longjing tasting with our tea master')
        await assertDeviceClean(mp)
      })
    })
  })
}
