/** The guest order lookup page (/orderlookup, issue 18 item 4.11) and its links from sign-in and the confirmation. */
import { fireEvent, render, screen } from '@testing-library/react'
import { OrderLookup } from '@/components/account/OrderLookup'
import { LoginForm } from '@/components/account/LoginForm'
import { ConfirmationPanel } from '@/components/confirmation/ConfirmationPanel'
import type { Confirmation } from '@/hooks/useConfirmation'
import type { Language } from '@/i18n'
import { navigations } from '../../support/taroMock'
import { fail, mockHttp } from '../../support/mockHttp'
import { guest, LANGS, order, resetStores, settle, type, valueOf } from '../account/accountTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    submit: 'Find my order', miss: 'No order matches that number, e-mail and phone.', tooMany: 'Too many lookups just now. Please try again in a few minutes.',
    required: 'This field is required.', badNumber: 'Enter the order number as it is on your confirmation, e.g. 100123.',
    badEmail: 'Enter a valid e-mail address.', badPhone: 'Enter a valid phone number.',
    linkMiss: 'This link does not open an order. Enter the order number, e-mail and phone instead.', another: 'Look up another order', fromLogin: 'Track an order without an account', keep: 'Keep your order number: look it up any time at Track an order.',
    status: 'Placed', item: 'House Blend'
  },
  zh: {
    submit: '查询订单', miss: '没有与该订单号、邮箱和电话相符的订单。', tooMany: '查询次数过多，请几分钟后再试。',
    required: '此项为必填项。', badNumber: '请输入确认页上的订单号，例如 100123。',
    badEmail: '请输入有效的电子邮箱地址。', badPhone: '请输入有效的电话号码。',
    linkMiss: '此链接无法打开订单，请输入订单号、邮箱和电话查询。', another: '查询其他订单', fromLogin: '无需账户查询订单', keep: '请保存您的订单号，随时可在“查询订单”页面查看此订单。',
    status: '已下单', item: '招牌拼配'
  }
}

const submitButton = (label: string) => screen.getAllByText(label).find((el) => el.closest('.order-lookup__submit'))!

describe.each(LANGS)('order lookup (%s)', (lang) => {
  const text = TEXT[lang]

  it('finds the order with the number (prefilled from the link), the e-mail and the phone, and shows it read-only', async () => {
    resetStores(guest(), lang, '/orderlookup?order=100123')
    const found = order('100123', { cancellable: false, userID: null, contact: { firstName: 'Ada', lastName: 'L', email: 'ada@example.com', phone: '416-555-0199' } })
    const http = mockHttp({ 'POST /common3/orderLookup': found })
    const { container } = render(<OrderLookup />)
    expect(valueOf(container, 'orderID')).toBe('100123')
    await type(container, 'email', ' Ada@Example.com ')
    await type(container, 'phone', '(416) 555-0199')
    fireEvent.click(submitButton(text.submit))
    await screen.findByText(text.another)
    expect(http.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/common3/orderLookup', { orderID: '100123', email: 'Ada@Example.com', phone: '(416) 555-0199' }]
    ])
    expect(container.querySelector('.order-fact--status')).toHaveTextContent(text.status)
    expect(screen.getByText(text.item)).toBeInTheDocument()
    expect(container.querySelector('.order-detail__cancel')).toBeNull()
    expect(container.querySelector('[name="comment"]')).toBeNull()
    // Back to the form with what was typed.
    fireEvent.click(screen.getByText(text.another))
    expect(valueOf(container, 'orderID')).toBe('100123')
    expect(valueOf(container, 'email')).toBe(' Ada@Example.com ')
    expect(valueOf(container, 'phone')).toBe('(416) 555-0199')
  })

  it('the receipt mail\'s link opens its order by the reference at once, without the form', async () => {
    const ref = '0123456789abcdef0123456789abcdef'
    resetStores(guest(), lang, `/orderlookup?order=100123&ref=${ref}`)
    const http = mockHttp({ 'POST /common3/orderLookup': order('100123', { cancellable: false, userID: null }) })
    const { container } = render(<OrderLookup />)
    await screen.findByText(text.another)
    expect(http.calls.map((c) => [c.method, c.path, c.body])).toEqual([['POST', '/common3/orderLookup', { ref }]])
    expect(container.querySelector('.order-fact--status')).toHaveTextContent(text.status)
    // Another order: the form, with the link's number.
    fireEvent.click(screen.getByText(text.another))
    expect(valueOf(container, 'orderID')).toBe('100123')
  })

  it('a link that opens nothing says so and leaves the form, number filled in', async () => {
    resetStores(guest(), lang, '/orderlookup?order=100123&ref=ffffffffffffffffffffffffffffffff')
    mockHttp({ 'POST /common3/orderLookup': fail(404, 'No order matches those details') })
    const { container } = render(<OrderLookup />)
    expect(await screen.findByText(text.linkMiss)).toBeInTheDocument()
    expect(valueOf(container, 'orderID')).toBe('100123')
    expect(valueOf(container, 'email')).toBe('')
  })

  it('checks the fields before asking: all three required, an order number, an e-mail, a phone; nothing is sent', async () => {
    resetStores(guest(), lang, '/orderlookup')
    const http = mockHttp({})
    const { container } = render(<OrderLookup />)
    await type(container, 'orderID', '')
    fireEvent.click(submitButton(text.submit))
    expect(await screen.findAllByText(text.required)).toHaveLength(3)
    await type(container, 'orderID', 'ABC-12')
    await type(container, 'email', '416-555-0199')
    await type(container, 'phone', 'ada@example.com')
    fireEvent.click(submitButton(text.submit))
    expect(await screen.findByText(text.badNumber)).toBeInTheDocument()
    expect(screen.getByText(text.badEmail)).toBeInTheDocument()
    expect(screen.getByText(text.badPhone)).toBeInTheDocument()
    expect(http.calls).toHaveLength(0)
  })

  it('a miss and the limit are said in the shopper\'s language, and what was typed stays', async () => {
    resetStores(guest(), lang, '/orderlookup')
    mockHttp({ 'POST /common3/orderLookup': fail(404, 'No order matches those details') })
    const { container } = render(<OrderLookup />)
    await type(container, 'orderID', '#100124')
    await type(container, 'email', 'ada@example.com')
    await type(container, 'phone', '416-555-0199')
    fireEvent.click(submitButton(text.submit))
    expect(await screen.findByText(text.miss)).toBeInTheDocument()
    expect(valueOf(container, 'orderID')).toBe('#100124')
    expect(valueOf(container, 'email')).toBe('ada@example.com')
    expect(valueOf(container, 'phone')).toBe('416-555-0199')

    mockHttp({ 'POST /common3/orderLookup': fail(429, 'Too many order lookups. Try again in 15 minutes.') })
    fireEvent.click(submitButton(text.submit))
    expect(await screen.findByText(text.tooMany)).toBeInTheDocument()
  })

  it('sign-in links to the lookup', async () => {
    resetStores(guest(), lang, '/account/login')
    mockHttp({})
    render(<LoginForm />)
    fireEvent.click(screen.getByText(text.fromLogin))
    await settle()
    expect(navigations.map((n) => n.url)).toContain('/orderlookup')
  })

  it('the confirmation tells a guest to keep the number and links to its lookup; a signed-in shopper has My orders instead', () => {
    resetStores(guest(), lang, '/confirmation')
    mockHttp({})
    const props: Confirmation = {
      view: { view: 'success', orderID: '100123' }, order: null, place: null, stalled: false, loggedIn: false, storeName: 'Maple Market',
      go: jest.fn(), register: jest.fn(), signIn: jest.fn(), retry: jest.fn(), retrying: false, retryError: null
    }
    const { container, rerender } = render(<ConfirmationPanel {...props} />)
    expect(container.querySelector('.confirmation__lookup')).toHaveTextContent(text.keep)
    expect(container.querySelector('a.confirmation__lookup-link')).toHaveAttribute('href', '/orderlookup?order=100123')
    fireEvent.click(container.querySelector('.confirmation__lookup-link')!)
    expect(navigations.map((n) => n.url)).toEqual(['/orderlookup?order=100123'])
    rerender(<ConfirmationPanel {...props} loggedIn />)
    expect(container.querySelector('.confirmation__lookup')).toBeNull()
  })
})
