import { fireEvent, render, screen } from '@testing-library/react'
import { ContactForm } from '@/components/contact/ContactForm'
import { mapMenuLink } from '@/domain/linkMapping'
import { matchRoute } from '@shared/routes'
import type { Language } from '@/i18n'
import '@/i18n/more'
import '@/i18n/contact'
import { fail, mockHttp } from '../../support/mockHttp'
import { expectFocusedInvalid, guest, LANGS, renderedInput, resetStores, settle, signedIn, type, valueOf } from '../account/accountTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    title: 'Contact us',
    send: 'Send message',
    required: 'This field is required.',
    emailOrPhone: 'Enter an e-mail address or a phone number so we can answer you.',
    emailInvalid: 'Enter a valid e-mail address.',
    phoneInvalid: 'Enter a valid phone number.',
    sentAda: 'Thank you, Ada. We have received your message and will answer you soon.',
    copy: 'A confirmation has been e-mailed to ada@example.com.',
    another: 'Send another message',
    tooMany: 'Too many messages have been sent just now. Please try again in a few minutes.'
  },
  zh: {
    title: '联系我们',
    send: '发送留言',
    required: '此项为必填项。',
    emailOrPhone: '请填写电子邮箱或电话号码，以便我们回复您。',
    emailInvalid: '请输入有效的电子邮箱地址。',
    phoneInvalid: '请输入有效的电话号码。',
    sentAda: '谢谢您，Ada。我们已收到您的留言，会尽快回复您。',
    copy: '确认邮件已发送到 ada@example.com。',
    another: '再写一条留言',
    tooMany: '刚才发送的留言太多，请几分钟后再试。'
  }
}

const receipt = { ok: true, id: '41' }

describe.each(LANGS)('contact page (%s)', (lang) => {
  const text = TEXT[lang]

  it('checks the fields before sending: name, message, and an e-mail or a phone, each valid when given', async () => {
    resetStores(guest(), lang, '/contact')
    const http = mockHttp({ 'POST /message/submitForm': receipt })
    const { container } = render(<ContactForm />)
    expect(screen.getAllByText(text.title).length).toBeGreaterThan(0)
    fireEvent.click(screen.getByText(text.send))
    await settle()
    expect(screen.getAllByText(text.required)).toHaveLength(2)
    expect(screen.getByText(text.emailOrPhone)).toBeInTheDocument()
    await type(container, 'email', 'not-an-address')
    await type(container, 'phone', 'call me')
    fireEvent.click(screen.getByText(text.send))
    await settle()
    expect(screen.getByText(text.emailInvalid)).toBeInTheDocument()
    expect(screen.getByText(text.phoneInvalid)).toBeInTheDocument()
    expect(http.calls).toHaveLength(0)
  })

  it('a refused message puts the focus on the first invalid field, which names its message; what was typed stays', async () => {
    resetStores(guest(), lang, '/contact')
    mockHttp({ 'POST /message/submitForm': receipt })
    const { container } = render(<ContactForm />)
    await renderedInput(container, 'message')
    fireEvent.click(screen.getByText(text.send))
    await settle()
    await expectFocusedInvalid(container, 'name', text.required)
    await type(container, 'name', 'Ada')
    await type(container, 'email', 'not-an-address')
    await type(container, 'message', 'Is the shop open on Sunday?')
    fireEvent.click(screen.getByText(text.send))
    await settle()
    await expectFocusedInvalid(container, 'email', text.emailInvalid)
    expect(valueOf(container, 'name')).toBe('Ada')
    expect(valueOf(container, 'message')).toBe('Is the shop open on Sunday?')
  })

  it('a phone alone is enough; the answer promises no e-mail', async () => {
    resetStores(guest(), lang, '/contact')
    const http = mockHttp({ 'POST /message/submitForm': receipt })
    const { container } = render(<ContactForm />)
    await type(container, 'name', ' Ada ')
    await type(container, 'phone', '416-555-0123')
    await type(container, 'message', 'Do you deliver on Sundays?')
    fireEvent.click(screen.getByText(text.send))
    await settle()
    expect(http.calls[0].body).toEqual({ name: 'Ada', phone: '416-555-0123', message: 'Do you deliver on Sundays?', formName: 'contact' })
    expect(screen.getByRole('status')).toHaveTextContent(text.sentAda)
    expect(screen.queryByText(text.copy)).toBeNull()
  })

  it('with an e-mail, says a confirmation went there; "send another" keeps who you are and clears the message', async () => {
    resetStores(guest(), lang, '/contact')
    const http = mockHttp({ 'POST /message/submitForm': receipt })
    const { container } = render(<ContactForm />)
    await type(container, 'name', 'Ada')
    await type(container, 'email', 'ada@example.com')
    await type(container, 'message', 'Hello')
    fireEvent.click(screen.getByText(text.send))
    await settle()
    expect(http.calls[0].body).toEqual({ name: 'Ada', email: 'ada@example.com', message: 'Hello', formName: 'contact' })
    expect(screen.getByText(text.copy)).toBeInTheDocument()
    fireEvent.click(screen.getByText(text.another))
    expect(valueOf(container, 'email')).toBe('ada@example.com')
    expect(valueOf(container, 'message')).toBe('')
  })

  it('a server error shows its message and keeps everything typed', async () => {
    resetStores(guest(), lang, '/contact')
    mockHttp({ 'POST /message/submitForm': fail(500, 'Internal server error') })
    const { container } = render(<ContactForm />)
    await type(container, 'name', 'Ada')
    await type(container, 'email', 'ada@example.com')
    await type(container, 'message', 'A long message I do not want to type again')
    fireEvent.click(screen.getByText(text.send))
    await settle()
    expect(screen.getByRole('alert')).toHaveTextContent('Internal server error')
    expect(valueOf(container, 'name')).toBe('Ada')
    expect(valueOf(container, 'email')).toBe('ada@example.com')
    expect(valueOf(container, 'message')).toBe('A long message I do not want to type again')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('the rate limit (429) is explained in the shopper\'s language', async () => {
    resetStores(guest(), lang, '/contact')
    mockHttp({ 'POST /message/submitForm': fail(429, 'Too many messages right now; please try again later') })
    const { container } = render(<ContactForm />)
    await type(container, 'name', 'Ada')
    await type(container, 'phone', '416-555-0123')
    await type(container, 'message', 'Hi')
    fireEvent.click(screen.getByText(text.send))
    await settle()
    expect(screen.getByRole('alert')).toHaveTextContent(text.tooMany)
  })

  it('a signed-in shopper finds name and e-mail filled in; the hidden honeypot is sent only when filled', async () => {
    resetStores(signedIn(), lang, '/contact')
    const http = mockHttp({ 'POST /message/submitForm': receipt })
    const { container } = render(<ContactForm />)
    // 姓 before 名 in Chinese.
    expect(valueOf(container, 'name')).toBe(lang === 'zh' ? 'Chen Lin' : 'Lin Chen')
    expect(valueOf(container, 'email')).toBe('lin@example.com')
    expect(container.querySelector('[name="website"]')?.closest('[aria-hidden="true"]')).not.toBeNull()
    await type(container, 'message', 'Hi')
    await type(container, 'website', 'http://spam.example')
    fireEvent.click(screen.getByText(text.send))
    await settle()
    expect(http.calls[0].body).toEqual({ name: lang === 'zh' ? 'Chen Lin' : 'Lin Chen', email: 'lin@example.com', message: 'Hi', formName: 'contact', website: 'http://spam.example' })
  })
})

it('the seeded footer entry "Contact us" (link: contact) opens the contact page', () => {
  const target = mapMenuLink({ link: 'contact', linkActionType: 'INTERNAL_LINK' })
  expect(target).toEqual({ kind: 'internal', url: '/contact' })
  expect(matchRoute('/contact')?.route.page).toBe('pages/contact/contact')
})
