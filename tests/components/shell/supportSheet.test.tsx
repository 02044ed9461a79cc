import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { SupportSheet } from '@/components/shell/SupportSheet'
import type { Language } from '@/i18n'
import { platform } from '@/platform'
import { useUi } from '@/stores/ui'
import { appInfoFixture, withConfig } from '../../support/fixtures/appInfo'
import { navigations } from '../../support/taroMock'
import { LANGS, resetStores, setUrl } from './shellTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: { title: 'How can we help?', email: 'E-mail us', phone: 'Call us', chat: 'Chat with us', form: 'Write to us', close: 'Close' },
  zh: { title: '需要什么帮助？', email: '发送邮件', phone: '致电我们', chat: '在线聊天', form: '给我们留言', close: '关闭' }
}

beforeEach(() => setUrl('/'))

const labels = (container: HTMLElement) => Array.from(container.querySelectorAll('.modal-frame__option')).map((el) => el.firstChild?.textContent)

describe.each(LANGS)('support sheet (%s)', (lang) => {
  const text = TEXT[lang]

  it('closed, it renders nothing', () => {
    resetStores(appInfoFixture(), lang)
    const { container } = render(<SupportSheet />)
    expect(container).toBeEmptyDOMElement()
  })

  it("lists the store's e-mail and phone with what they are, then the contact form; each opens its app and closes the sheet", async () => {
    resetStores(appInfoFixture(), lang)
    const external = jest.spyOn(platform, 'openExternal').mockImplementation(() => undefined)
    act(() => useUi.getState().openModal('support'))
    const { container } = render(<SupportSheet />)
    expect(screen.getByText(text.title)).toBeInTheDocument()
    expect(labels(container)).toEqual([text.email, text.phone, text.form])
    expect(screen.getByText(/help@maple-market\.example\.com/)).toBeInTheDocument()
    fireEvent.click(screen.getByText(text.phone))
    expect(external).toHaveBeenCalledWith('tel:+16045550100')
    expect(useUi.getState().modal).toBeNull()
    act(() => useUi.getState().openModal('support'))
    fireEvent.click(screen.getByText(text.email))
    expect(external).toHaveBeenLastCalledWith('mailto:help@maple-market.example.com')
    act(() => useUi.getState().openModal('support'))
    fireEvent.click(screen.getByText(text.form))
    expect(useUi.getState().modal).toBeNull()
    await waitFor(() => expect(navigations.map((n) => n.url)).toEqual(['/contact']))
    external.mockRestore()
  })

  it("inside a mini-program's web-view the contact form is the host's /pages/contact/contact, not the store's page", async () => {
    resetStores(appInfoFixture(), lang)
    const hostPages: string[] = []
    const host = jest.spyOn(platform, 'openMiniProgramPage').mockImplementation(async (path) => {
      hostPages.push(path)
      return true
    })
    act(() => useUi.getState().openModal('support'))
    render(<SupportSheet />)
    fireEvent.click(screen.getByText(text.form))
    await waitFor(() => expect(hostPages).toEqual(['/pages/contact/contact']))
    expect(navigations).toEqual([])
    host.mockRestore()
  })

  it('a web chat link is offered; a setting that is not a web address is not; with no channel the contact form remains', () => {
    const external = jest.spyOn(platform, 'openExternal').mockImplementation(() => undefined)
    resetStores(withConfig(appInfoFixture(), { supportEmail: '', supportPhone: undefined, supportChatUrl: 'https://chat.example.com/maple' }), lang)
    act(() => useUi.getState().openModal('support'))
    const first = render(<SupportSheet />)
    expect(labels(first.container)).toEqual([text.chat, text.form])
    fireEvent.click(screen.getByText(text.chat))
    expect(external).toHaveBeenCalledWith('https://chat.example.com/maple')
    first.unmount()

    resetStores(withConfig(appInfoFixture(), { supportEmail: ' ', supportPhone: '', supportChatUrl: 'javascript:alert(1)' }), lang)
    act(() => useUi.getState().openModal('support'))
    const { container } = render(<SupportSheet />)
    expect(labels(container)).toEqual([text.form])
    fireEvent.click(screen.getByLabelText(text.close))
    expect(useUi.getState().modal).toBeNull()
    external.mockRestore()
  })
})
