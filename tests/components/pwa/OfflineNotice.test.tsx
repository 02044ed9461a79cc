import { act, render, screen } from '@testing-library/react'
import { OfflineNotice } from '@/components/common/OfflineNotice'
import { useLocale } from '@/stores/locale'

/** jsdom's navigator.onLine is a fixed true; tests flip it and fire the event a browser would. */
function goOffline(offline: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => !offline })
  act(() => void window.dispatchEvent(new Event(offline ? 'offline' : 'online')))
}

afterEach(() => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true })
  useLocale.setState({ language: 'en', serverMessages: {} })
})

describe('OfflineNotice', () => {
  it('shows nothing while online', () => {
    render(<OfflineNotice />)
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('appears when the connection drops and goes away when it comes back (en)', () => {
    render(<OfflineNotice />)
    goOffline(true)
    expect(screen.getByRole('status').textContent).toBe('You are offline. Showing what was saved on this device.')
    goOffline(false)
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('is shown at once on a page opened offline, in Chinese', () => {
    useLocale.setState({ language: 'zh' })
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false })
    render(<OfflineNotice />)
    expect(screen.getByRole('status').textContent).toBe('您已离线，正在显示本设备保存的内容。')
  })
})
