/**
 * The mini-programs' room page (/pages/livestream/livestream?roomId=, spec §2) rendered in jsdom with the platform's
 * live-player capability set as each mini-program build has it: the room found in the store's list page by page, the
 * plugin opened at once and from the Watch button where the build declares it, and what to do where it does not.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import type { LiveRoom } from '@/api/wechat'
import { findLiveRoom } from '@/hooks/useLiveRoom'
import LiveRoomPage from '@/pages/livestream/livestream'
import { platform } from '@/platform'
import { fail, mockHttp } from '../../support/mockHttp'
import { resetStore } from '../store/storeTestKit'

const ROUTE = 'POST /wechat/weChatlivestreaminfo'

const room = (roomid: number, live_status = 102): LiveRoom => ({
  roomid,
  name: `Room ${roomid}`,
  nameContent: { en: `Room ${roomid}`, zh: `直播 ${roomid}` },
  cover_img: `live-${roomid}.svg`,
  anchor_name: 'Emma Chen',
  anchorNameContent: { en: 'Emma Chen', zh: '陈艾玛' },
  live_status,
  start_time: 1_760_000_000,
  end_time: 1_760_003_600
})

/** 230 rooms, answered as the server pages them. */
const many = Array.from({ length: 230 }, (_, i) => room(3000 + i))
const pagedRooms = () =>
  mockHttp({ [ROUTE]: (req: { data: { start: number; limit: number } }) => ({ room_info: many.slice(req.data.start, req.data.start + req.data.limit), total: many.length }) })

/** Only the WeChat build with the live-player plugin has playLiveRoom; the test gives the H5 platform one to watch. */
function withPlayer(): jest.Mock {
  const play = jest.fn().mockResolvedValue(true)
  Object.assign(platform, { playLiveRoom: play })
  return play
}

afterEach(() => {
  jest.restoreAllMocks()
  delete (platform as { playLiveRoom?: unknown }).playLiveRoom
})

describe('finding one room in the store list (no spec call answers a single room)', () => {
  it('reads 100 rooms a request until the room is there', async () => {
    const http = pagedRooms()
    expect((await findLiveRoom('3150'))?.roomid).toBe(3150)
    expect(http.calls.map((c) => c.body)).toEqual([{ start: 0, limit: 100 }, { start: 100, limit: 100 }])
  })

  it('answers null once the list ends without it', async () => {
    const http = pagedRooms()
    expect(await findLiveRoom('42')).toBeNull()
    expect(http.calls.map((c) => c.body)).toEqual([{ start: 0, limit: 100 }, { start: 100, limit: 100 }, { start: 200, limit: 100 }])
  })
})

describe('the room page', () => {
  it('with the live-player plugin, opens the room in it at once and again from Watch', async () => {
    resetStore('en', '/livestream?roomId=3001')
    pagedRooms()
    jest.replaceProperty(platform, 'livePlayer', 'plugin')
    const play = withPlayer()
    render(<LiveRoomPage />)
    await screen.findByText('Room 3001')
    expect(play.mock.calls).toEqual([['3001']])
    screen.getByText('The stream plays in WeChat’s live player. Come back here when you close it.')
    fireEvent.click(screen.getByText('Watch the live stream'))
    expect(play.mock.calls).toEqual([['3001'], ['3001']])
  })

  it.each([
    ['notInBuild', 'This version of the mini-program has no live player, so the stream cannot play here. The products it presents are in the store.'],
    ['inWeChat', 'Live streams play in WeChat. To watch “Room 3001”, open WeChat, search for the store’s mini-program, then open Live streams and this room.']
  ] as const)('without a player here (%s), shows the room, its time and what to do', async (player, hint) => {
    resetStore('en', '/livestream?roomId=3001')
    pagedRooms()
    jest.replaceProperty(platform, 'livePlayer', player)
    const play = withPlayer()
    render(<LiveRoomPage />)
    await screen.findByText(hint)
    screen.getByText('Upcoming')
    screen.getByText('Host: Emma Chen')
    screen.getByText(/^Starts \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    screen.getByText('It has not started yet: come back at the start time.')
    expect(screen.queryByText('Watch the live stream')).toBeNull()
    expect(play).not.toHaveBeenCalled()
  })

  it('a failed load shows the message with Retry (ER3, kept on purpose), and Retry loads again', async () => {
    resetStore('zh', '/livestream?roomId=3001')
    let down = true
    mockHttp({ [ROUTE]: () => (down ? fail(503, 'offline') : { room_info: [room(3001, 103)], total: 1 }) })
    render(<LiveRoomPage />)
    await screen.findByText('直播间加载失败：offline')
    down = false
    fireEvent.click(screen.getByText('重试'))
    await screen.findByText('本场直播已结束。')
    screen.getByText(/^已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 结束$/)
  })
})
