/**
 * The store's privacy prompt (issue 41 item 1; components/shell/PrivacyPrompt, hooks/usePrivacyPrompt): what the host's
 * request asks in the shopper's language, Agree and Not now answering the host once, the guide opened, the notice after
 * a refusal; and chooseOneImage, which asks first and chooses nothing when the shopper does not agree.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { PrivacyPromptView as PrivacyPrompt } from '@/components/shell/PrivacyPromptView'
import { chooseOneImage } from '@/hooks/useAccount'
import { platform, PRIVACY_AGREE_BUTTON_ID, type PrivacyRequest } from '@/platform'
import { useLocale } from '@/stores/locale'
import { usePrivacyPromptStore } from '@/stores/privacyPrompt'

function request(api: string, contractName?: string) {
  const r: PrivacyRequest & { agree: jest.Mock; refuse: jest.Mock; openContract: jest.Mock } = {
    api, contractName, agree: jest.fn(), refuse: jest.fn(), openContract: jest.fn()
  }
  act(() => usePrivacyPromptStore.getState().ask(r))
  return r
}

afterEach(() => {
  usePrivacyPromptStore.setState({ request: null, refused: null })
  useLocale.setState({ language: 'en', serverMessages: {} })
  jest.restoreAllMocks()
})

describe('PrivacyPrompt', () => {
  it('shows nothing until the host asks', () => {
    render(<PrivacyPrompt />)
    expect(screen.queryByText('Agree')).toBeNull()
  })

  it('says what the store is about to do; Agree answers the host once and closes', () => {
    render(<PrivacyPrompt />)
    const r = request('chooseImage', '《istore 隐私保护指引》')
    expect(screen.getByText('To choose a picture from your album, the store needs your agreement to its privacy guide, which says what it collects and why.')).toBeInTheDocument()
    fireEvent.click(screen.getByText('Read 《istore 隐私保护指引》'))
    expect(r.openContract).toHaveBeenCalledTimes(1)
    const agree = screen.getByText('Agree').closest('[id]')
    expect(agree?.id).toBe(PRIVACY_AGREE_BUTTON_ID)
    fireEvent.click(screen.getByText('Agree'))
    expect(r.agree).toHaveBeenCalledTimes(1)
    expect(r.refuse).not.toHaveBeenCalled()
    expect(screen.queryByText('Agree')).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('Not now refuses, and the page then says in Chinese what was not done, until dismissed', () => {
    useLocale.setState({ language: 'zh' })
    render(<PrivacyPrompt />)
    const r = request('setClipboardData')
    expect(screen.getByText('阅读隐私保护指引')).toBeInTheDocument()
    fireEvent.click(screen.getByText('暂不同意'))
    expect(r.refuse).toHaveBeenCalledTimes(1)
    expect(r.agree).not.toHaveBeenCalled()
    expect(screen.getByRole('status').textContent).toContain('未完成：您没有同意隐私保护指引，所以本店没有复制链接。')
    fireEvent.click(screen.getByText('知道了'))
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('a second request while one is open declines the first: one prompt at a time', () => {
    render(<PrivacyPrompt />)
    const first = request('chooseImage')
    const second = request('setClipboardData')
    expect(first.refuse).toHaveBeenCalledTimes(1)
    expect(screen.getByText(/To copy the link/)).toBeInTheDocument()
    fireEvent.click(screen.getByText('Agree'))
    expect(second.agree).toHaveBeenCalledTimes(1)
  })
})

describe('chooseOneImage asks for the privacy agreement first', () => {
  it('refused: the album never opens, and the notice says why', async () => {
    const chooseImage = jest.fn(async () => ({ tempFilePaths: ['blob:picked'], tempFiles: [] }))
    Object.assign(Taro, { chooseImage })
    const require = jest.spyOn(platform.privacy, 'require').mockResolvedValue(false)
    await expect(chooseOneImage()).resolves.toBeNull()
    expect(require).toHaveBeenCalledWith('chooseImage')
    expect(chooseImage).not.toHaveBeenCalled()
    render(<PrivacyPrompt />)
    expect(screen.getByRole('status').textContent).toContain('the store did not choose a picture from your album')
  })

  it('agreed: the album opens and the picture is chosen', async () => {
    const chooseImage = jest.fn(async () => ({ tempFilePaths: ['blob:picked'], tempFiles: [] }))
    Object.assign(Taro, { chooseImage })
    jest.spyOn(platform.privacy, 'require').mockResolvedValue(true)
    await expect(chooseOneImage()).resolves.toBe('blob:picked')
    expect(chooseImage).toHaveBeenCalledTimes(1)
  })
})
