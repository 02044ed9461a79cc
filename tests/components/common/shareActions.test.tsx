/** ShareActions: the platform's share sheet (WeChat button, Alipay panel, browser sheet or copied link) and the desktop QR code. */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { ShareActions } from '@/components/common/ShareActions'
import { platform } from '@/platform'
import { useLocale } from '@/stores/locale'

const PATH = '/store/groupCampaign/7?FissionSale=7&ref=abc'
const TITLE = 'Winter tea group'
const texts = {
  en: { share: 'Share', copied: 'Link copied — paste it anywhere to share', failed: 'Could not share or copy the link here', qr: `QR code of the link to ${TITLE}` },
  zh: { share: '分享', copied: '链接已复制，可粘贴分享', failed: '此处无法分享或复制链接', qr: `${TITLE} 的链接二维码` }
}
const absolute = `${window.location.origin}${PATH}`
const realSheet = platform.shareSheet

function setSheet(sheet: typeof platform.shareSheet) {
  Object.defineProperty(platform, 'shareSheet', { value: sheet, configurable: true, writable: true })
}

afterEach(() => {
  setSheet(realSheet)
  jest.restoreAllMocks()
  Reflect.deleteProperty(navigator, 'share')
  Reflect.deleteProperty(navigator, 'clipboard')
  useLocale.setState({ language: 'en', serverMessages: {} })
})

describe.each(['en', 'zh'] as const)('ShareActions (%s)', (lang) => {
  const text = texts[lang]
  beforeEach(() => useLocale.setState({ language: lang, serverMessages: {} }))

  it('without a share sheet the browser copies the absolute link, says so for 2 s, and shows a QR code on desktop', async () => {
    const writeText = jest.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    jest.spyOn(platform, 'environment').mockReturnValue({ ...platform.environment(), mobile: false })
    render(<ShareActions title={TITLE} path={PATH} />)
    const qr = await screen.findByAltText(text.qr)
    expect(decodeURIComponent(qr.getAttribute('src') ?? '')).toContain('<svg')
    jest.useFakeTimers()
    try {
      fireEvent.click(screen.getByRole('button', { name: text.share }))
      await act(async () => undefined)
      expect(writeText).toHaveBeenCalledWith(absolute)
      expect(screen.getByRole('status').textContent).toBe(text.copied)
      act(() => jest.advanceTimersByTime(2000))
      expect(screen.queryByRole('status')).toBeNull()
    } finally {
      jest.useRealTimers()
    }
  })

  it("the browser's own share sheet gets the title and link; closing it says nothing and copies nothing", async () => {
    const share = jest.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(Object.assign(new Error('closed'), { name: 'AbortError' }))
    const writeText = jest.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    render(<ShareActions title={TITLE} path={PATH} />)
    fireEvent.click(screen.getByRole('button', { name: text.share }))
    await act(async () => undefined)
    expect(share).toHaveBeenCalledWith({ title: TITLE, url: absolute })
    fireEvent.click(screen.getByRole('button', { name: text.share }))
    await act(async () => undefined)
    expect(share).toHaveBeenCalledTimes(2)
    expect(writeText).not.toHaveBeenCalled()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('a link that can be neither shared nor copied says so; a phone gets no QR code', async () => {
    jest.spyOn(platform, 'environment').mockReturnValue({ ...platform.environment(), mobile: true })
    jest.spyOn(platform, 'copyLink').mockResolvedValue(false)
    render(<ShareActions title={TITLE} path={PATH} />)
    fireEvent.click(screen.getByRole('button', { name: text.share }))
    expect((await screen.findByRole('alert')).textContent).toBe(text.failed)
    expect(screen.queryByAltText(text.qr)).toBeNull()
  })

  it("Alipay opens its share panel from the button; WeChat's button is its share button and runs no code", async () => {
    const sharePage = jest.spyOn(platform, 'sharePage').mockResolvedValue('shared')
    setSheet('panel')
    const { unmount } = render(<ShareActions title={TITLE} path={PATH} />)
    fireEvent.click(screen.getByRole('button', { name: text.share }))
    await act(async () => undefined)
    expect(sharePage).toHaveBeenCalledWith({ title: TITLE, path: PATH })
    expect(screen.queryByAltText(text.qr)).toBeNull()
    unmount()

    setSheet('open-type')
    render(<ShareActions title={TITLE} path={PATH} />)
    const button = screen.getByRole('button', { name: text.share })
    expect(button.getAttribute('open-type') ?? (button as unknown as { openType?: string }).openType).toBe('share')
    fireEvent.click(button)
    await act(async () => undefined)
    expect(sharePage).toHaveBeenCalledTimes(1)
  })
})
