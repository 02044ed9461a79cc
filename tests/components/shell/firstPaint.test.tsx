import { Component } from 'react'
import { act, render } from '@testing-library/react'
import { Text } from '@tarojs/components'
import { Shell } from '@/components/shell/Shell'
import { FIRST_PAINT_ID, takeOverFirstPaint } from '@/platform/firstPaint.h5'
import { appInfoFixture } from '../../support/fixtures/appInfo'
import { resetStores } from './shellTestKit'

/** The page as the server sends it: its first screen (server/src/lib/firstPaint.ts) above the app's empty container. */
function servedPage(): HTMLElement {
  document.body.innerHTML = `<div id="${FIRST_PAINT_ID}" aria-hidden="true"><div class="header header--full"></div></div><div id="app"></div>`
  return document.getElementById('app')!
}

afterEach(() => {
  jest.useRealTimers()
  document.body.innerHTML = ''
})

describe('takeover of the server-written first screen', () => {
  beforeEach(() => resetStores(appInfoFixture(), 'en'))

  it('stays while the app has not rendered its page, and goes a frame after the Shell shows the page', async () => {
    const app = servedPage()
    takeOverFirstPaint(document)
    await act(async () => void (await new Promise((r) => requestAnimationFrame(r))))
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull()
    render(
      <Shell>
        <Text>Page body</Text>
      </Shell>,
      { container: app }
    )
    await act(async () => void (await new Promise((r) => requestAnimationFrame(r))))
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull()
    expect(app.textContent).toContain('Page body')
  })

  it("renders Taro's forced page mounts as a transition while the shell shows, and only then", async () => {
    const original = Component.prototype.forceUpdate
    const app = servedPage()
    takeOverFirstPaint(document)
    expect(Component.prototype.forceUpdate).not.toBe(original)
    class Forced extends Component {
      renders = 0
      render() {
        this.renders++
        return <Text>Rendered {String(this.renders)}</Text>
      }
    }
    let forced: Forced | null = null
    render(<Forced ref={(f) => void (forced = f)} />, { container: document.body.appendChild(document.createElement('div')) })
    const mounted = jest.fn()
    await act(async () => forced!.forceUpdate(mounted))
    expect(mounted).toHaveBeenCalledTimes(1)
    render(<Shell><Text>Page body</Text></Shell>, { container: app })
    await act(async () => void (await new Promise((r) => requestAnimationFrame(r))))
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull()
    expect(Component.prototype.forceUpdate).toBe(original)
  })

  it('goes after the grace time when the page never shows', () => {
    jest.useFakeTimers()
    servedPage()
    takeOverFirstPaint(document, 4000)
    jest.advanceTimersByTime(3999)
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull()
    jest.advanceTimersByTime(1)
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull()
  })

  it('does nothing on a page without one (the offline page, the mini-program web view)', () => {
    const app = servedPage()
    document.getElementById(FIRST_PAINT_ID)!.remove()
    expect(() => takeOverFirstPaint(document)).not.toThrow()
    expect(app.isConnected).toBe(true)
  })
})
