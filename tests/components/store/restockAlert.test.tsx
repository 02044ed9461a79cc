/** "E-mail me when it's back" on a sold-out product page and a sold-out option pair (walkthrough 2.3), en and zh. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import ProductPage from '@/packages/store/pages/product/index'
import { useAppInfo } from '@/stores/appInfo'
import { fail, mockHttp } from '../../support/mockHttp'
import { COLOR, SIZE, product } from '../../support/fixtures/catalog'
import { loggedInFixture } from '../../support/fixtures/appInfo'
import { type, valueOf } from '../account/accountTestKit'
import { LANGS, inputsRendered, pageBody, resetStore } from './storeTestKit'

const TEXT = {
  en: {
    name: 'Panda Hoodie', title: "E-mail me when it's back", submit: 'Notify me', required: 'Enter your e-mail address.',
    invalid: 'Enter a valid e-mail address, e.g. name@example.com.', sent: (e: string) => `We'll e-mail you at ${e} when it's back.`,
    tooMany: 'Too many requests just now. Please try again in a few minutes.', account: "We'll write to lin@example.com.",
    cancel: "Don't e-mail me", cancelled: (e: string) => `Cancelled: we won't e-mail ${e} about it.`,
    notWaiting: 'That alert is no longer waiting: it was cancelled or has been sent.',
    choice: "We'll e-mail you once, as soon as this choice is back in stock.", small: 'Small', red: 'Red', black: 'Black'
  },
  zh: {
    name: '熊猫连帽衫', title: '到货时邮件通知我', submit: '到货通知我', required: '请输入电子邮箱。',
    invalid: '请输入有效的电子邮箱，例如 name@example.com。', sent: (e: string) => `到货后我们会发邮件至 ${e} 通知您。`,
    tooMany: '请求过于频繁，请几分钟后再试。', account: '我们将发邮件至 lin@example.com。',
    cancel: '不用邮件通知我', cancelled: (e: string) => `已取消：我们不会再为此发邮件至 ${e}。`,
    notWaiting: '该到货通知已不再等待：已取消或已发送。',
    choice: '该选项一到货，我们就发一封邮件通知您。', small: '小号', red: '红色', black: '黑色'
  }
}

const hoodie = product({ id: '1050', en: 'Panda Hoodie', zh: '熊猫连帽衫', price: 4999, options: [SIZE, COLOR], stock: 9 })
const soldOut = { ...hoodie, options: [], stock: 0, soldOut: true }
const STOCK: Record<string, number> = { 'color:Red,size:S': 0, 'color:Black,size:S': 4 }

const TOKEN = '0123456789abcdef0123456789abcdef'

function serve(productAnswer: object, subscribe: unknown, cancel: unknown = (req: { data: { cancelToken: string } }) => {
  if (req.data.cancelToken !== TOKEN) throw new Error(`unexpected cancel token ${req.data.cancelToken}`)
  return { productId: '1050', optionPair: '', email: 'ada@example.com', locale: 'en' }
}) {
  return mockHttp({
    'GET /productManagement/product/1050': productAnswer,
    'GET /productManagement2/products/relatedProducts/1050': { products: [] },
    'GET /productManagement2/products/addon': { products: [] },
    'GET /inventoryManagement/inventoryByProductAndOptions/1050': (req: { query: Record<string, string> }) => ({
      productId: '1050', optionPair: req.query.optionPair ?? '', available: STOCK[req.query.optionPair] ?? 0
    }),
    'POST /common3/restockAlert': subscribe,
    'POST /common3/restockAlert/cancel': cancel
  })
}

const answer = (req: { data: { email?: string; optionPair?: string; locale?: 'en' | 'zh' } }) => ({
  productId: '1050', optionPair: req.data.optionPair ?? '', email: (req.data.email ?? 'lin@example.com').toLowerCase(), locale: req.data.locale ?? 'en',
  cancelToken: TOKEN
})
const submitButton = (container: HTMLElement) => pageBody(container, '.restock-alert__submit')

describe.each(LANGS)('back-in-stock alert (%s)', (lang) => {
  const text = TEXT[lang]
  const posts = (http: ReturnType<typeof mockHttp>) => http.calls.filter((c) => c.method === 'POST')

  it('a guest on a sold-out product: the e-mail is checked, sent with the language, and the thank-you names it', async () => {
    resetStore(lang, '/store/product/1050')
    const http = serve(soldOut, answer)
    const { container } = render(<ProductPage />)
    expect(await screen.findByText(text.title)).toBeTruthy()
    await inputsRendered(container)
    fireEvent.click(submitButton(container))
    expect((await screen.findByRole('alert')).textContent).toBe(text.required)
    await type(container, 'restockEmail', 'ada@example')
    // The message goes as the shopper fixes the field.
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.click(submitButton(container))
    expect((await screen.findByRole('alert')).textContent).toBe(text.invalid)
    expect(posts(http)).toHaveLength(0)

    await type(container, 'restockEmail', ' Ada@Example.com ')
    fireEvent.click(submitButton(container))
    expect((await screen.findByRole('status')).textContent).toBe(text.sent('ada@example.com'))
    expect(posts(http).map((c) => c.body)).toEqual([{ productId: '1050', email: 'Ada@Example.com', locale: lang }])
    expect(container.querySelector('[name="restockEmail"]')).toBeNull()
  })

  /** The product page rendered and subscribed with `email`, the thank-you shown. */
  async function subscribedAs(email: string) {
    const { container } = render(<ProductPage />)
    await screen.findByText(text.title)
    await type(container, 'restockEmail', email)
    fireEvent.click(submitButton(container))
    await screen.findByText(text.sent(email))
    return container
  }

  it("\"Don't e-mail me\" cancels with the subscription's token and brings the form back, the address still typed", async () => {
    resetStore(lang, '/store/product/1050')
    const http = serve(soldOut, answer)
    const container = await subscribedAs('ada@example.com')
    fireEvent.click(screen.getByText(text.cancel))
    expect((await screen.findByText(text.cancelled('ada@example.com'))).getAttribute('role')).toBe('status')
    expect(screen.queryByText(text.sent('ada@example.com'))).toBeNull()
    expect(http.calls.filter((c) => c.path === '/common3/restockAlert/cancel').map((c) => c.body)).toEqual([{ cancelToken: TOKEN }])
    await waitFor(() => expect(valueOf(container, 'restockEmail')).toBe('ada@example.com'))
    // Subscribing again (the address corrected, say) drops the note.
    fireEvent.click(submitButton(container))
    await screen.findByText(text.sent('ada@example.com'))
    expect(screen.queryByText(text.cancelled('ada@example.com'))).toBeNull()
  })

  it("someone else's subscription to the same address (answered without its cancel token): thanked, but no \"Don't e-mail me\"", async () => {
    resetStore(lang, '/store/product/1050')
    const { cancelToken: _notTheirs, ...withoutToken } = answer({ data: { email: 'ada@example.com', locale: lang } })
    serve(soldOut, () => withoutToken)
    await subscribedAs('ada@example.com')
    expect(screen.queryByText(text.cancel)).toBeNull()
  })

  it('a cancel the server cannot do says why and leaves the subscription shown', async () => {
    resetStore(lang, '/store/product/1050')
    serve(soldOut, answer, () => fail(404, 'No back-in-stock alert is waiting under this link'))
    await subscribedAs('ada@example.com')
    fireEvent.click(screen.getByText(text.cancel))
    expect((await screen.findByRole('alert')).textContent).toBe(text.notWaiting)
    expect(screen.getByRole('status').textContent).toBe(text.sent('ada@example.com'))
  })

  it('a failure says why and keeps what was typed; the next try goes through', async () => {
    resetStore(lang, '/store/product/1050')
    let calls = 0
    const http = serve(soldOut, (req: Parameters<typeof answer>[0]) => (++calls === 1 ? fail(429, 'Too many back-in-stock requests. Try again in 9 minutes.') : answer(req)))
    const { container } = render(<ProductPage />)
    await screen.findByText(text.title)
    await type(container, 'restockEmail', 'ada@example.com')
    fireEvent.click(submitButton(container))
    expect((await screen.findByRole('alert')).textContent).toBe(text.tooMany)
    await waitFor(() => expect(valueOf(container, 'restockEmail')).toBe('ada@example.com'))
    fireEvent.click(submitButton(container))
    expect((await screen.findByRole('status')).textContent).toBe(text.sent('ada@example.com'))
    expect(posts(http)).toHaveLength(2)
  })

  it("signed in with an e-mail: not asked for it, the account's is used", async () => {
    resetStore(lang, '/store/product/1050')
    useAppInfo.setState({ info: loggedInFixture(), status: 'ready' })
    const http = serve(soldOut, answer)
    const { container } = render(<ProductPage />)
    expect(await screen.findByText(text.account)).toBeTruthy()
    expect(container.querySelector('[name="restockEmail"]')).toBeNull()
    fireEvent.click(submitButton(container))
    expect((await screen.findByRole('status')).textContent).toBe(text.sent('lin@example.com'))
    expect(posts(http).map((c) => c.body)).toEqual([{ productId: '1050', locale: lang }])
  })

  it('a sold-out option pair offers the alert for that pair; a pair in stock does not', async () => {
    resetStore(lang, '/store/product/1050')
    const http = serve(hoodie, answer)
    const { container } = render(<ProductPage />)
    await screen.findByText(text.name, { selector: '.product-page__name' })
    expect(container.querySelector('.restock-alert')).toBeNull()
    fireEvent.click(picker(container).value(text.small))
    fireEvent.click(picker(container).value(text.red))
    expect(await screen.findByText(text.choice)).toBeTruthy()
    await type(container, 'restockEmail', 'ada@example.com')
    fireEvent.click(submitButton(container))
    await screen.findByRole('status')
    expect(posts(http).map((c) => c.body)).toEqual([{ productId: '1050', optionPair: 'color:Red,size:S', email: 'ada@example.com', locale: lang }])
    // Another pair, in stock: no alert (and the thank-you belonged to the other pair).
    fireEvent.click(picker(container).value(text.black))
    await waitFor(() => expect(container.querySelector('.restock-alert')).toBeNull())
  })
})

/** The option values on the page's picker. */
const picker = (container: HTMLElement) => ({
  value: (label: string) => Array.from(pageBody(container, '.option-picker').querySelectorAll('*')).find((el) => el.textContent === label && !el.children.length) as HTMLElement
})
