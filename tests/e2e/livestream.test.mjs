// Live-stream rooms (/wechatlivestreamrooms) in headless Chromium against the real server and its seeded rooms: on a
// phone in English and in Chinese the page shows every room the server answers — cover loaded, name, host and the
// status tag of its live_status — and, in a browser (no host mini-program), a tap opens the "scan the QR code or open in
// the mini-program" modal, which Close closes.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { API, visible, WAIT } from './steps.mjs'

const TEXT = {
  en: { title: 'Live streams', host: 'Host: ', tags: { 101: 'Ongoing', 102: 'Upcoming', 103: 'End', 107: 'End' }, modal: 'Watch in the mini-program', close: 'Close' },
  zh: { title: '直播间', host: '主播：', tags: { 101: '直播中', 102: '预告', 103: '已结束', 107: '已结束' }, modal: '请在小程序中观看', close: '关闭' }
}

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

const ROOMS_POST = '/wechat/weChatlivestreaminfo'
const isRoomsCall = (req) => req.method() === 'POST' && new URL(req.url()).pathname === `${API}${ROOMS_POST}`
/** The key the server writes the first 10 rooms under (shared/initialAnswers.ts writtenKey, firstScreen.ts). */
const WRITTEN_ROOMS = `POST ${ROOMS_POST} {"start":0,"limit":10}`

for (const language of ['en', 'zh']) {
  describe(`live-stream rooms on a phone in ${language}`, () => {
    const text = TEXT[language]

    it('shows the seeded rooms with their tags; a tap opens the QR-code modal and Close closes it', async () => {
      const { context, page, errors } = await openContext(browser, { viewport: 'phone', language })
      try {
        const roomCalls = []
        page.on('request', (req) => {
          if (isRoomsCall(req)) roomCalls.push(req)
        })
        await page.goto(`${stack.baseUrl}/wechatlivestreamrooms`)
        // the server wrote the first rooms into the page (issue 16): the page shows them without asking again
        const written = JSON.parse(await page.locator('#istore-initial').textContent())
        const rooms = written[WRITTEN_ROOMS]?.room_info
        assert.ok(Array.isArray(rooms), 'the first rooms are written into the page')
        assert.ok(rooms.length >= 4, 'the demo rooms')
        assert.deepEqual([...new Set(rooms.map((r) => text.tags[r.live_status]))].sort(), [...new Set(Object.values(text.tags))].sort(), 'every tag seeded')

        const cards = visible(page, '.live-rooms .live-room-card')
        await cards.nth(rooms.length - 1).waitFor(WAIT)
        assert.equal(await cards.count(), rooms.length)
        assert.equal(roomCalls.length, 0, 'the first rooms came with the page: no round trip for them')
        assert.ok((await page.title()).startsWith(text.title), "the tab names the page")
        for (const [i, room] of rooms.entries()) {
          const card = cards.nth(i)
          assert.equal(await card.locator('.live-room-card__name').textContent(), room.nameContent[language])
          assert.equal(await card.locator('.live-room-card__anchor').textContent(), text.host + room.anchorNameContent[language])
          assert.equal(await card.locator('.live-room-card__tag').textContent(), text.tags[room.live_status])
        }

        // the first cover really loads (served by the server under the CDN path) and is named for screen readers
        const cover = cards.first().locator('img')
        await cover.waitFor(WAIT)
        assert.equal(await cover.getAttribute('alt'), rooms[0].nameContent[language])
        await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await cover.elementHandle(), WAIT)

        const modal = visible(page, '.live-room-modal')
        assert.equal(await modal.count(), 0)
        await cards.nth(1).tap()
        await visible(page, `.modal-frame__title:text-is("${text.modal}")`).waitFor(WAIT)
        assert.ok((await modal.textContent()).includes(rooms[1].nameContent[language]), 'the modal names the room')
        await modal.locator('.live-room-modal__close').tap()
        await modal.waitFor({ state: 'detached', ...WAIT })
        assert.equal(await visible(page, '.modal-frame').count(), 0)
        assert.equal(new URL(page.url()).pathname, '/wechatlivestreamrooms', 'stayed on the page')
        assert.deepEqual(errors.map(String), [])
      } finally {
        await context.close()
      }
    })
  })
}
