import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { renderSVG } from 'uqr'
import type { LiveRoom } from '@/api/wechat'
import LiveStreamRoomsPage from '@/pages/wechatlivestreamrooms/index'
import { platform } from '@/platform'
import { fail, mockHttp } from '../../support/mockHttp'
import { navigations } from '../../support/taroMock'
import { LANGS, pageBody, resetStore, texts } from '../store/storeTestKit'

const URL = '/wechatlivestreamrooms'
const ROUTE = 'POST /wechat/weChatlivestreaminfo'

const room = (roomid: number, live_status: number, en: string, zh: string, anchor: [string, string], cover_img = `live-${roomid}.svg`): LiveRoom => ({
  roomid,
  name: en,
  nameContent: { en, zh },
  cover_img,
  anchor_name: anchor[0],
  anchorNameContent: { en: anchor[0], zh: anchor[1] },
  live_status,
  start_time: 1_760_000_000,
  end_time: 1_760_003_600
})

const ROOMS = [
  room(1201, 101, 'Spring Longjing tasting', '春茶品鉴', ['Master Lin', '林师傅']),
  room(1202, 102, 'Pour-over at home', '在家手冲咖啡', ['Emma Chen', '陈艾玛']),
  room(1198, 103, 'Weekend bake', '周末烘焙', ['Chef Marco', '马可主厨']),
  room(1187, 107, 'Winter knits', '冬季针织', ['Sophie Wang', '王苏菲'], 'https://img.example.com/knits.jpg'),
  room(1100, 104, 'Banned room', '被禁直播', ['Nobody', '无名'])
]

const TEXT = {
  en: {
    title: 'Live streams',
    loading: 'Loading the live streams…',
    empty: 'No live streams at the moment. Please check back soon.',
    failed: 'Could not load the live streams: Live service down',
    retry: 'Try again',
    more: 'Load more',
    names: ['Spring Longjing tasting', 'Pour-over at home', 'Weekend bake', 'Winter knits', 'Banned room'],
    anchor: 'Host: Master Lin',
    tags: ['Ongoing', 'Upcoming', 'End', 'End'],
    modalTitle: 'Watch in the mini-program',
    modalText: 'To watch “Pour-over at home”, open this room in WeChat: scan its code, or copy its link.',
    qrLabel: 'QR code of the room “Pour-over at home”',
    copy: 'Copy link',
    copied: 'Link copied',
    close: 'Close'
  },
  zh: {
    title: '直播间',
    loading: '正在加载直播间…',
    empty: '暂时没有直播，请稍后再来看看。',
    failed: '直播间加载失败：Live service down',
    retry: '重试',
    more: '加载更多',
    names: ['春茶品鉴', '在家手冲咖啡', '周末烘焙', '冬季针织', '被禁直播'],
    anchor: '主播：林师傅',
    tags: ['直播中', '预告', '已结束', '已结束'],
    modalTitle: '请在小程序中观看',
    modalText: '如需观看“在家手冲咖啡”，请在微信中打开此直播间：扫描二维码，或复制链接。',
    qrLabel: '直播间“在家手冲咖啡”的二维码',
    copy: '复制链接',
    copied: '链接已复制',
    close: '关闭'
  }
}

const cards = (container: HTMLElement) => Array.from(pageBody(container, '.live-rooms').querySelectorAll<HTMLElement>('.live-room-card'))

afterEach(() => jest.restoreAllMocks())

describe.each(LANGS)('live-stream rooms page (%s)', (lang) => {
  const text = TEXT[lang]

  it('shows loading, then one card per room: cover in a 16:9 box with the room name as alt, name, anchor and the status tag', async () => {
    resetStore(lang, URL)
    let answer: (v: unknown) => void = () => undefined
    const http = mockHttp({ [ROUTE]: () => new Promise((resolve) => (answer = resolve)) })
    const { container } = render(<LiveStreamRoomsPage />)
    expect(await screen.findByText(text.loading)).toBeTruthy()
    expect(document.title).toContain(text.title)
    answer({ room_info: ROOMS, total: ROOMS.length })

    await screen.findByText(text.names[0])
    const page = pageBody(container, '.live-rooms')
    expect(screen.queryByText(text.loading)).toBeNull()
    expect(texts(page, '.live-room-card__name')).toEqual(text.names)
    expect(within(page).getByText(text.anchor)).toBeTruthy()
    // 101 Ongoing (red), 102 Upcoming (green), 103 and 107 End (gray); a code without a tag (104) shows none
    expect(texts(page, '.live-room-card__tag')).toEqual(text.tags)
    expect(Array.from(page.querySelectorAll('.live-room-card__tag')).map((el) => el.className.split('--')[1])).toEqual(['red', 'green', 'gray', 'gray'])
    expect(cards(container)[4].querySelector('.live-room-card__tag')).toBeNull()

    const boxes = cards(container).map((card) => card.querySelector<HTMLElement>('.lazy-image')!)
    expect(boxes.every((box) => box.style.paddingTop === '56.25%')).toBe(true)
    await waitFor(() => expect(cards(container)[0].querySelector('img')).not.toBeNull())
    const images = cards(container).map((card) => card.querySelector('img')!)
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(text.names)
    // the image rule: a name gets the CDN path, an https URL stays as it is
    expect(images[0].getAttribute('src')).toBe('https://cdn.example.com/maple/live-1201.svg')
    expect(images[3].getAttribute('src')).toBe('https://img.example.com/knits.jpg')

    expect(http.calls.filter((c) => c.path === '/wechat/weChatlivestreaminfo')).toHaveLength(1)
    expect(http.calls[0].method).toBe('POST')
    // spec §7 and §9: start 0, limit 10
    expect(http.calls[0].body).toEqual({ start: 0, limit: 10 })
    // every room is shown: no next page to load
    expect(screen.queryByText(text.more)).toBeNull()
  })

  it('asks for 10 rooms, then the next 10 from start 10 on "more" (reaching the bottom), until all are shown', async () => {
    resetStore(lang, URL)
    const many = Array.from({ length: 23 }, (_, i) => room(2000 + i, 102, `Room ${i + 1}`, `直播 ${i + 1}`, ['Host', '主播']))
    const http = mockHttp({
      [ROUTE]: (req: { data: { start: number; limit: number } }) => ({ room_info: many.slice(req.data.start, req.data.start + req.data.limit), total: many.length })
    })
    const { container } = render(<LiveStreamRoomsPage />)
    await screen.findByText(lang === 'en' ? 'Room 10' : '直播 10')
    expect(cards(container)).toHaveLength(10)
    fireEvent.click(screen.getByText(text.more))
    await screen.findByText(lang === 'en' ? 'Room 20' : '直播 20')
    expect(cards(container)).toHaveLength(20)
    fireEvent.click(screen.getByText(text.more))
    await screen.findByText(lang === 'en' ? 'Room 23' : '直播 23')
    expect(cards(container)).toHaveLength(23)
    expect(screen.queryByText(text.more)).toBeNull()
    expect(http.calls.map((c) => c.body)).toEqual([{ start: 0, limit: 10 }, { start: 10, limit: 10 }, { start: 20, limit: 10 }])
  })

  it('a failed next page keeps the rooms shown and offers a retry', async () => {
    resetStore(lang, URL)
    const many = Array.from({ length: 12 }, (_, i) => room(3000 + i, 101, `Room ${i + 1}`, `直播 ${i + 1}`, ['Host', '主播']))
    const http = mockHttp({ [ROUTE]: { room_info: many.slice(0, 10), total: 12 } })
    const { container } = render(<LiveStreamRoomsPage />)
    await screen.findByText(lang === 'en' ? 'Room 10' : '直播 10')
    http.set(ROUTE, fail(503, 'Live service down'))
    fireEvent.click(screen.getByText(text.more))
    expect((await screen.findByRole('alert')).textContent).toContain(text.failed)
    expect(cards(container)).toHaveLength(10)
    http.set(ROUTE, { room_info: many.slice(10), total: 12 })
    fireEvent.click(screen.getByText(text.retry))
    await screen.findByText(lang === 'en' ? 'Room 12' : '直播 12')
    expect(cards(container)).toHaveLength(12)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says so when there are no rooms', async () => {
    resetStore(lang, URL)
    mockHttp({ [ROUTE]: { room_info: [], total: 0 } })
    const { container } = render(<LiveStreamRoomsPage />)
    expect(await screen.findByText(text.empty)).toBeTruthy()
    expect(cards(container)).toHaveLength(0)
  })

  it('shows the error with a retry that loads the rooms again', async () => {
    resetStore(lang, URL)
    const http = mockHttp({ [ROUTE]: fail(503, 'Live service down') })
    const { container } = render(<LiveStreamRoomsPage />)
    expect((await screen.findByRole('alert')).textContent).toContain(text.failed)
    http.set(ROUTE, { room_info: ROOMS.slice(0, 2), total: 2 })
    fireEvent.click(screen.getByText(text.retry))
    await screen.findByText(text.names[1])
    expect(screen.queryByRole('alert')).toBeNull()
    expect(cards(container)).toHaveLength(2)
    expect(http.calls.filter((c) => c.path === '/wechat/weChatlivestreaminfo')).toHaveLength(2)
  })

  it('in a browser a tap opens the "scan the QR code or open in the mini-program" modal, and Close closes it', async () => {
    resetStore(lang, URL)
    mockHttp({ [ROUTE]: { room_info: ROOMS, total: ROOMS.length } })
    const openPage = jest.spyOn(platform, 'openMiniProgramPage')
    const { container } = render(<LiveStreamRoomsPage />)
    await screen.findByText(text.names[1])
    expect(screen.queryByText(text.modalTitle)).toBeNull()

    fireEvent.click(cards(container)[1])
    expect(await screen.findByText(text.modalTitle)).toBeTruthy()
    // the real H5 adapter was asked first and said there is no host mini-program
    expect(openPage).toHaveBeenCalledWith('/pages/livestream/livestream?roomId=1202')
    await expect(openPage.mock.results[0].value).resolves.toBe(false)
    expect(screen.getByText((content) => content.includes(text.modalText))).toBeTruthy()
    expect(navigations).toEqual([])

    fireEvent.click(screen.getByText(text.close))
    await waitFor(() => expect(screen.queryByText(text.modalTitle)).toBeNull())

    // the ✕ in the corner closes it too
    fireEvent.click(cards(container)[0])
    expect(await screen.findByText(text.modalTitle)).toBeTruthy()
    fireEvent.click(screen.getAllByLabelText(text.close).find((el) => el.classList.contains('modal-frame__close'))!)
    await waitFor(() => expect(screen.queryByText(text.modalTitle)).toBeNull())
  })

  it("the modal shows a real QR code of the room's link, and copies the link for a shopper on the phone itself", async () => {
    resetStore(lang, URL)
    mockHttp({ [ROUTE]: { room_info: ROOMS, total: ROOMS.length } })
    const copyLink = jest.spyOn(platform, 'copyLink').mockResolvedValue(true)
    const { container } = render(<LiveStreamRoomsPage />)
    await screen.findByText(text.names[1])
    fireEvent.click(cards(container)[1])
    const qr = await screen.findByAltText(text.qrLabel)
    const link = '/wechatlivestreamrooms?roomId=1202'
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml,${encodeURIComponent(renderSVG(window.location.origin + link, { border: 2 }))}`)
    // A QR code, not a drawing of one: finder patterns and data modules make a long path.
    expect(decodeURIComponent(qr.getAttribute('src') ?? '').match(/h10v10/g)?.length).toBeGreaterThan(200)

    fireEvent.click(screen.getByText(text.copy))
    expect(await screen.findByText(text.copied)).toBeTruthy()
    expect(copyLink).toHaveBeenCalledWith(link)
  })

  it('inside the WeChat mini-program a tap opens /pages/livestream/livestream with the roomId, and no modal', async () => {
    resetStore(lang, URL)
    mockHttp({ [ROUTE]: { room_info: ROOMS, total: ROOMS.length } })
    const openPage = jest.spyOn(platform, 'openMiniProgramPage').mockResolvedValue(true)
    const { container } = render(<LiveStreamRoomsPage />)
    await screen.findByText(text.names[2])
    fireEvent.click(cards(container)[2])
    await waitFor(() => expect(openPage).toHaveBeenCalledWith('/pages/livestream/livestream?roomId=1198'))
    await openPage.mock.results[0].value
    expect(screen.queryByText(text.modalTitle)).toBeNull()
  })
})
