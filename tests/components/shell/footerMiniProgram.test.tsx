/** The footer inside the WeChat mini-program: the platform adapter reports that environment. */
import { render } from '@testing-library/react'
import { Footer } from '@/components/shell/Footer'
import { appInfoFixture, withConfig } from '../../support/fixtures/appInfo'
import { LANGS, resetStores } from './shellTestKit'

jest.mock('@/platform', () => {
  const actual = jest.requireActual('@/platform/index.h5')
  return {
    ...actual,
    platform: {
      ...actual.platform,
      environment: () => ({
        kind: 'weapp',
        miniProgram: true,
        weChatMiniProgram: true,
        alipayMiniProgram: false,
        weChatBrowser: false,
        weChatMiniProgramWebView: false,
        alipayMiniProgramWebView: false,
        alipayBrowser: false,
        mobile: true
      })
    }
  }
})

describe.each(LANGS)('footer in the WeChat mini-program (%s)', (lang) => {
  it('a spacer replaces the hidden powered-by bar', () => {
    resetStores(withConfig(appInfoFixture(), { hidePowerBy: true }), lang)
    const { container } = render(<Footer />)
    expect(container.querySelector('.powered-by')).toBeNull()
    expect(container.querySelector('.powered-by__spacer')).not.toBeNull()
  })

  it('the bar shows when not hidden', () => {
    resetStores(appInfoFixture(), lang)
    const { container } = render(<Footer />)
    expect(container.querySelector('.powered-by')).not.toBeNull()
    expect(container.querySelector('.powered-by__spacer')).toBeNull()
  })
})
