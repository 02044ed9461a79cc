import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import CartPage from '@/packages/checkout/pages/cart/index'
import { useCart } from '@/stores/cart'
import { useCurrency } from '@/stores/currency'
import { useLocale } from '@/stores/locale'
import { fail, mockHttp } from '../../support/mockHttp'
import { navigations } from '../../support/taroMock'
import { cartOf, line, product } from '../../support/fixtures/catalog'
import { inputsRendered, LANGS, pageBody, resetStore, texts } from './storeTestKit'

const TEXT = {
  en: {
    storeName: 'Maple Market', empty: 'Your cart is empty.', continue: 'Continue shopping', remove: 'Remove', checkout: 'Checkout', subtotal: 'Subtotal', total: 'Total',
    beans: 'House Blend Coffee Beans 340g', hoodie: 'Panda Hoodie', failed: 'Your cart was not changed: Only 2 left in stock', onlyLeft: 'Only 5 left in stock',
    removed: 'Removed Panda Hoodie from your cart', undo: 'Undo',
    title: 'Shopping cart', removeTitle: 'Remove this item?', quantity: 'Quantity', items: (n: number) => `${n} items`, addOnTag: 'Add-on', add: 'Add', charged: 'Prices are shown in USD; you will be charged in CAD.', loading: 'Loading'
  },
  zh: {
    storeName: '枫叶市场', empty: '您的购物车是空的。', continue: '继续购物', remove: '删除', checkout: '去结算', subtotal: '小计', total: '合计',
    beans: '招牌混合咖啡豆 340克', hoodie: '熊猫连帽衫', failed: '购物车未更改：Only 2 left in stock', onlyLeft: '库存仅剩 5 件',
    removed: '已从购物车移除熊猫连帽衫', undo: '撤销',
    title: '购物车', removeTitle: '删除此商品？', quantity: '数量', items: (n: number) => `共 ${n} 件`, addOnTag: '加购', add: '加入', charged: '价格以 USD 显示；实际按 CAD 收费。', loading: '加载中'
  }
}

const beans = line({ itemKey: '1001|', quantity: 2, unitPrice: 1699, available: 5 })
const hoodie = line({
  itemKey: '1050|color:Red,size:M',
  productId: '1050',
  name: 'Panda Hoodie',
  nameContent: { en: 'Panda Hoodie', zh: '熊猫连帽衫' },
  optionPair: 'color:Red,size:M',
  quantity: 1,
  unitPrice: 4999,
  available: 3
})
const wrapping = product({ id: '1090', en: 'Gift Wrapping', zh: '礼品包装', price: 500, tags: ['addon'] })

function serve(cart = cartOf(beans, hoodie), overrides: Record<string, unknown> = {}) {
  return mockHttp({
    'GET /shoppingManagement4/myCart': cart,
    'GET /productManagement2/products/addon': { products: [wrapping] },
    ...overrides
  })
}

const lineEl = (container: HTMLElement, itemKey: string) => {
  const el = Array.from(container.querySelectorAll('.cart-line')).find((l) => l.getAttribute('data-item-key') === itemKey)
  if (!el) throw new Error(`no cart line ${itemKey}`)
  return el as HTMLElement
}

/** The line's quantity <input>, once Taro's input component has rendered it. */
async function quantityInput(container: HTMLElement, itemKey: string): Promise<HTMLInputElement> {
  await waitFor(() => expect(lineEl(container, itemKey).querySelector('input')).not.toBeNull())
  return lineEl(container, itemKey).querySelector('input') as HTMLInputElement
}

describe.each(LANGS)('cart (%s)', (lang) => {
  const text = TEXT[lang]

  it('shows lines with their options, server totals and a Checkout button to /checkout', async () => {
    resetStore(lang, '/checkout/cart')
    serve()
    const { container } = render(<CartPage />)
    expect(screen.getByRole('status').textContent).toContain(text.loading)
    // Issue 42 n-7: grey cart lines while it loads, not a spinner on a blank page.
    expect(container.querySelectorAll('.skeleton-line').length).toBe(3)
    expect(container.querySelector('.spinner')).toBeNull()
    expect(await screen.findByText(text.beans)).toBeTruthy()
    expect(container.querySelector('.skeleton')).toBeNull()
    const page = pageBody(container, '.cart-page')
    expect(within(page).getByText(text.hoodie)).toBeTruthy()
    expect(within(lineEl(container, '1050|color:Red,size:M')).getByText('Red / M')).toBeTruthy()
    expect(within(page).getByText(text.items(3))).toBeTruthy()
    expect(texts(pageBody(container, '.cart-totals'), '.price__now')).toEqual(['$83.97', '$83.97'])
    expect(page.textContent).not.toContain(text.charged)
    fireEvent.click(within(page).getByText(text.checkout))
    expect(navigations.at(-1)?.url).toBe('/checkout')
  })

  it("a line's picture opens its product, with the line's options chosen", async () => {
    resetStore(lang, '/checkout/cart')
    serve()
    const { container } = render(<CartPage />)
    await screen.findByText(text.beans)
    fireEvent.click(lineEl(container, '1050|color:Red,size:M').querySelector('.cart-line__thumb')!)
    expect(navigations.at(-1)?.url).toBe('/store/product/1050?option=color%3ARed%2Csize%3AM')
    fireEvent.click(lineEl(container, '1001|').querySelector('.cart-line__thumb')!)
    expect(navigations.at(-1)?.url).toBe('/store/product/1001')
  })

  it("shows a line's options in the shopper's language when the server names them", async () => {
    resetStore(lang, '/checkout/cart')
    serve(cartOf({ ...hoodie, optionLabels: [{ en: 'Red', zh: '红色' }, { en: 'Medium', zh: '中号' }] }))
    const { container } = render(<CartPage />)
    await screen.findByText(text.hoodie)
    expect(within(lineEl(container, '1050|color:Red,size:M')).getByText(lang === 'en' ? 'Red / Medium' : '红色 / 中号')).toBeTruthy()
  })

  it('names the page for the browser tab and screen readers, in the language (the store name too)', async () => {
    resetStore(lang, '/checkout/cart')
    serve()
    render(<CartPage />)
    await waitFor(() => expect(document.title).toBe(`${text.title} · ${text.storeName}`))
    expect(document.documentElement.lang).toBe(lang === 'zh' ? 'zh-CN' : 'en')
    expect(screen.getByRole('main')).toBeTruthy()
  })

  it('labels the quantity field itself, not only its wrapper', async () => {
    resetStore(lang, '/checkout/cart')
    serve()
    const { container } = render(<CartPage />)
    await screen.findByText(text.beans)
    await waitFor(() => expect(lineEl(container, '1001|').querySelector('input')?.getAttribute('aria-label')).toBe(text.quantity))
  })

  it('changes a quantity through PUT myCart and shows the new server totals', async () => {
    resetStore(lang, '/checkout/cart')
    const http = serve(cartOf(beans, hoodie), {
      'PUT /shoppingManagement4/myCart': cartOf({ ...beans, quantity: 3 }, hoodie)
    })
    const { container } = render(<CartPage />)
    await screen.findByText(text.beans)
    await inputsRendered(container)
    fireEvent.click(within(lineEl(container, '1001|')).getByLabelText(lang === 'en' ? 'Increase quantity' : '增加数量'))
    await screen.findByText(text.items(4))
    expect(http.calls.find((c) => c.method === 'PUT')?.body).toEqual({ itemKey: '1001|', quantity: 3 })
    expect(texts(pageBody(container, '.cart-totals'), '.price__now').at(-1)).toBe('$100.96')
  })

  it('refuses a quantity beyond the stock of the line without asking the server', async () => {
    resetStore(lang, '/checkout/cart')
    const http = serve(cartOf({ ...beans, quantity: 5 }))
    const { container } = render(<CartPage />)
    await screen.findByText(text.beans)
    await inputsRendered(container)
    fireEvent.click(within(lineEl(container, '1001|')).getByLabelText(lang === 'en' ? 'Increase quantity' : '增加数量'))
    expect(within(lineEl(container, '1001|')).getByRole('alert').textContent).toBe(text.onlyLeft)
    await act(async () => undefined)
    expect(http.calls.filter((c) => c.method === 'PUT')).toHaveLength(0)
  })

  it('a typed quantity beyond the stock: the box and the cart take the stock, and the line says why', async () => {
    resetStore(lang, '/checkout/cart')
    const http = serve(cartOf(beans), { 'PUT /shoppingManagement4/myCart': cartOf({ ...beans, quantity: 5 }) })
    const { container } = render(<CartPage />)
    await screen.findByText(text.beans)
    const input = await quantityInput(container, '1001|')
    fireEvent.input(input, { target: { value: '99' } })
    fireEvent.blur(input)
    expect(within(lineEl(container, '1001|')).getByRole('alert').textContent).toBe(text.onlyLeft)
    await screen.findByText(text.items(5))
    expect(http.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ itemKey: '1001|', quantity: 5 }])
    await waitFor(() => expect(input.value).toBe('5'))
  })

  it('a typed 0 asks whether to remove the line: Keep leaves it, Remove takes it out', async () => {
    resetStore(lang, '/checkout/cart')
    const http = serve(cartOf(beans, hoodie), { 'POST /shoppingManagement4/myCart/delete': cartOf(hoodie) })
    const showModal = Taro.showModal as jest.Mock
    showModal.mockClear()
    const { container } = render(<CartPage />)
    await screen.findByText(text.beans)
    const input = await quantityInput(container, '1001|')

    showModal.mockResolvedValueOnce({ confirm: false, cancel: true })
    fireEvent.input(input, { target: { value: '0' } })
    fireEvent.blur(input)
    await waitFor(() => expect(showModal).toHaveBeenCalledTimes(1))
    expect(showModal.mock.calls[0][0]).toMatchObject({ title: text.removeTitle, confirmText: text.remove })
    expect(input.value).toBe('2')
    await act(async () => undefined)
    expect(http.calls.filter((c) => c.method !== 'GET')).toHaveLength(0)

    fireEvent.input(input, { target: { value: '0' } })
    fireEvent.blur(input)
    await waitFor(() => expect(screen.queryByText(text.beans)).toBeNull())
    expect(http.calls.find((c) => c.method === 'POST')?.body).toEqual({ itemKey: '1001|' })
  })

  it("uses the store's own wording of a message when the server sends one", async () => {
    resetStore(lang, '/checkout/cart')
    useLocale.setState({ serverMessages: { 'product.onlyLeft': 'Just {n} more' } })
    serve(cartOf({ ...beans, quantity: 5 }))
    const { container } = render(<CartPage />)
    await screen.findByText(text.beans)
    await inputsRendered(container)
    fireEvent.click(within(lineEl(container, '1001|')).getByLabelText(lang === 'en' ? 'Increase quantity' : '增加数量'))
    expect(within(lineEl(container, '1001|')).getByRole('alert').textContent).toBe('Just 5 more')
  })

  it("keeps the previous cart and shows the server's message when a change fails", async () => {
    resetStore(lang, '/checkout/cart')
    serve(cartOf(beans, hoodie), { 'PUT /shoppingManagement4/myCart': fail(409, 'Only 2 left in stock') })
    const { container } = render(<CartPage />)
    await screen.findByText(text.beans)
    const before = useCart.getState().cart
    await inputsRendered(container)
    fireEvent.click(within(lineEl(container, '1050|color:Red,size:M')).getByLabelText(lang === 'en' ? 'Increase quantity' : '增加数量'))
    const alert = await screen.findByText(text.failed)
    expect(alert).toBeTruthy()
    expect(useCart.getState().cart).toBe(before)
    expect(screen.getByText(text.hoodie)).toBeTruthy()
    expect(within(pageBody(container, '.cart-page')).getByText(text.items(3))).toBeTruthy()
  })

  it('removes a line with myCart/delete and shows the empty state when the last one goes', async () => {
    resetStore(lang, '/checkout/cart')
    const http = serve(cartOf(hoodie), { 'POST /shoppingManagement4/myCart/delete': cartOf() })
    const { container } = render(<CartPage />)
    await screen.findByText(text.hoodie)
    fireEvent.click(within(lineEl(container, '1050|color:Red,size:M')).getByText(text.remove))
    expect(await screen.findByText(text.empty)).toBeTruthy()
    expect(http.calls.find((c) => c.path === '/shoppingManagement4/myCart/delete')?.body).toEqual({ itemKey: '1050|color:Red,size:M' })
    fireEvent.click(screen.getByText(text.continue))
    expect(navigations.at(-1)?.url).toBe('/store')
  })

  it('Undo after a removal puts the same line back (options and quantity); the count and totals follow', async () => {
    resetStore(lang, '/checkout/cart')
    const twoHoodies = { ...hoodie, quantity: 2, lineTotal: 9998 }
    const http = serve(cartOf(beans, twoHoodies), {
      'POST /shoppingManagement4/myCart/delete': cartOf(beans),
      'POST /shoppingManagement4/myCart': cartOf(beans, twoHoodies)
    })
    const { container } = render(<CartPage />)
    await screen.findByText(text.hoodie)
    expect(within(pageBody(container, '.cart-page')).getByText(text.items(4))).toBeTruthy()
    fireEvent.click(within(lineEl(container, '1050|color:Red,size:M')).getByText(text.remove))
    const banner = await screen.findByText(text.removed)
    expect(banner.closest('[role="status"]')).not.toBeNull()
    expect(screen.queryByText(text.hoodie)).toBeNull()
    expect(within(pageBody(container, '.cart-page')).getByText(text.items(2))).toBeTruthy()
    expect(useCart.getState().cart?.itemCount).toBe(2)

    fireEvent.click(screen.getByRole('button', { name: text.undo }))
    expect(await screen.findByText(text.hoodie)).toBeTruthy()
    expect(http.calls.filter((c) => c.method === 'POST' && c.path === '/shoppingManagement4/myCart').map((c) => c.body)).toEqual([
      { productId: '1050', quantity: 2, optionPair: 'color:Red,size:M' }
    ])
    expect(screen.queryByText(text.removed)).toBeNull()
    expect(within(pageBody(container, '.cart-page')).getByText(text.items(4))).toBeTruthy()
    expect(useCart.getState().cart?.itemCount).toBe(4)
    expect(lineEl(container, '1050|color:Red,size:M')).toBeTruthy()
  })

  it('a removal answered before the page\'s first cart read keeps the removal (the older read is dropped)', async () => {
    resetStore(lang, '/checkout/cart')
    useCart.setState({ cart: cartOf(beans, hoodie) })
    let answerRead: () => void = () => undefined
    const read = new Promise<void>((resolve) => (answerRead = resolve))
    serve(cartOf(beans, hoodie), {
      'GET /shoppingManagement4/myCart': async () => {
        await read
        return cartOf(beans, hoodie)
      },
      'POST /shoppingManagement4/myCart/delete': cartOf(beans)
    })
    const { container } = render(<CartPage />)
    // The lines show once the add-ons are in (the totals wait for them); the cart read is still unanswered.
    const hoodieLine = await waitFor(() => lineEl(container, '1050|color:Red,size:M'))
    fireEvent.click(within(hoodieLine).getByText(text.remove))
    expect(await screen.findByText(text.removed)).toBeTruthy()
    await act(async () => {
      answerRead()
      await read
    })
    await act(async () => undefined)
    expect(screen.queryByText(text.hoodie)).toBeNull()
    expect(useCart.getState().cart?.itemCount).toBe(2)
  })

  it('offers add-ons that go in through iCart and show as add-on lines', async () => {
    resetStore(lang, '/checkout/cart')
    const withWrap = cartOf(beans, line({ itemKey: '1090|', productId: '1090', name: 'Gift Wrapping', nameContent: { en: 'Gift Wrapping', zh: '礼品包装' }, unitPrice: 500, addOn: true, available: 500 }))
    const http = serve(cartOf(beans), { 'POST /shoppingManagement4/iCart': withWrap })
    const { container } = render(<CartPage />)
    await screen.findByText(text.beans)
    fireEvent.click(within(pageBody(container, '.add-on-list')).getByText(text.add))
    await waitFor(() => expect(within(lineEl(container, '1090|')).getByText(text.addOnTag)).toBeTruthy())
    expect(http.calls.find((c) => c.path === '/shoppingManagement4/iCart')?.body).toEqual({ productId: '1090', quantity: 1 })
    // Asked once, beside the beans: the add-on line now in the cart is no product to offer add-ons beside.
    expect(http.calls.filter((c) => c.path === '/productManagement2/products/addon').map((c) => c.query)).toEqual([{ tagName: 'addon', productIds: '1001' }])
  })

  it("asks for the add-ons beside the cart's products (issue 29 m-12)", async () => {
    resetStore(lang, '/checkout/cart')
    const http = serve(cartOf(hoodie, beans))
    const { container } = render(<CartPage />)
    await screen.findByText(text.beans)
    expect(within(pageBody(container, '.add-on-list')).getByText(text.add)).toBeTruthy()
    expect(http.calls.filter((c) => c.path === '/productManagement2/products/addon').map((c) => c.query)).toEqual([{ tagName: 'addon', productIds: '1001,1050' }])
  })

  it('a cart holding add-ons alone offers none and asks for none', async () => {
    resetStore(lang, '/checkout/cart')
    const http = serve(cartOf(line({ itemKey: '1090|', productId: '1090', name: 'Gift Wrapping', nameContent: { en: 'Gift Wrapping', zh: '礼品包装' }, unitPrice: 500, addOn: true, available: 500 })))
    const { container } = render(<CartPage />)
    await screen.findByText(text.checkout)
    expect(container.querySelector('.add-on-list')).toBeNull()
    expect(http.calls.filter((c) => c.path === '/productManagement2/products/addon')).toEqual([])
  })

  it('converts prices to the chosen currency and says the base currency is charged', async () => {
    resetStore(lang, '/checkout/cart')
    useCurrency.setState({ current: 'USD' })
    serve(cartOf(beans))
    const { container } = render(<CartPage />)
    await screen.findByText(text.beans)
    // 33.98 CAD at 0.73 = 24.8054 USD
    expect(texts(pageBody(container, '.cart-totals'), '.price__now').at(-1)).toBe('$24.81')
    expect(screen.getByText(text.charged)).toBeTruthy()
  })

  it('converted totals add up as shown: the subtotal is the sum of the converted lines, the total the sum of the rows', async () => {
    resetStore(lang, '/checkout/cart')
    useCurrency.setState({ current: 'USD' })
    // CAD 32.99 + 10.99 at 0.73: lines US$24.08 + US$8.02; the subtotal converted on its own would be US$32.11.
    const cart = cartOf({ ...beans, unitPrice: 3299, quantity: 1 }, { ...hoodie, unitPrice: 1099, quantity: 1 })
    serve({ ...cart, tax: 572, total: cart.subtotal + 572 })
    const { container } = render(<CartPage />)
    await screen.findByText(text.beans)
    expect(texts(pageBody(container, '.cart-page__lines'), '.cart-line__total .price__now')).toEqual(['$24.08', '$8.02'])
    expect(texts(pageBody(container, '.cart-totals'), '.price__now')).toEqual(['$32.10', '$4.18', '$36.28'])
  })

  it('shows the empty state for an empty cart', async () => {
    resetStore(lang, '/checkout/cart')
    serve(cartOf())
    render(<CartPage />)
    expect(await screen.findByText(text.empty)).toBeTruthy()
  })
})
