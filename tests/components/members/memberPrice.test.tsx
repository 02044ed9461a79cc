/** Member prices as shoppers see them (issue 13): beside the regular price in lists and the cart; non-members see the saving. */
import { render, screen } from '@testing-library/react'
import { CartLine } from '@/components/cart/CartLine'
import { CartTotals } from '@/components/cart/CartTotals'
import { ProductCard } from '@/components/product/ProductCard'
import type { Language } from '@/i18n'
import { cartOf, line, product } from '../../support/fixtures/catalog'
import { LANGS, resetStores, signedIn } from '../account/accountTestKit'
import { memberDetail } from './membersTestKit'

const TEXT: Record<Language, { label: string; save: (a: string) => string; saved: string }> = {
  en: { label: 'Member price', save: (a) => `Members save ${a}`, saved: 'Member savings' },
  zh: { label: '会员价', save: (a) => `会员省 ${a}`, saved: '会员优惠' }
}
const member = () => ({ ...signedIn(), membership: memberDetail.membership })
const noop = () => undefined

describe.each(LANGS)('member prices (%s)', (lang) => {
  const text = TEXT[lang]

  it('a product card of a non-member: the member price beside the regular one, and what a member saves', () => {
    resetStores(signedIn(), lang)
    const { container } = render(<ProductCard product={product({ id: '1001', price: 1699, memberPrice: 1399 })} />)
    expect(container.querySelector('.price__now')).toHaveTextContent('$16.99')
    expect(screen.getByText(text.label)).toBeInTheDocument()
    expect(container.querySelector('.member-price__amount')).toHaveTextContent('$13.99')
    expect(screen.getByText(text.save('$3.00'))).toBeInTheDocument()
  })

  it('a member sees the member price without the sales pitch; a product without one shows none', () => {
    resetStores(member(), lang)
    const { container } = render(
      <>
        <ProductCard product={product({ id: '1001', price: 1699, memberPrice: 1399 })} />
        <ProductCard product={product({ id: '1002', price: 500 })} />
      </>
    )
    expect(container.querySelectorAll('.member-price')).toHaveLength(1)
    expect(screen.queryByText(text.save('$3.00'))).toBeNull()
  })

  it('cart: a member line is charged the member price with the regular one struck through; the totals say what was saved', () => {
    resetStores(member(), lang)
    const l = line({ itemKey: '1001', productId: '1001', unitPrice: 1399, regularUnitPrice: 1699, quantity: 2, lineTotal: 2798 })
    const { container } = render(
      <>
        <CartLine line={l} currency="CAD" busy={false} rejectedAvailable={null} onQuantity={noop} onRemove={noop} onAskRemove={noop} />
        <CartTotals cart={{ ...cartOf(l), member: true, memberSavings: 600 }} />
      </>
    )
    expect(container.querySelector('.cart-line__unit .price__now')).toHaveTextContent('$13.99')
    expect(container.querySelector('.cart-line__unit .price__was')).toHaveTextContent('$16.99')
    expect(container.querySelector('.cart-totals__member')).toHaveTextContent(`${text.saved}: $6.00`)
  })

  it('cart of a non-member: the regular price is charged, and the line and totals say what a member would save', () => {
    resetStores(signedIn(), lang)
    const l = line({ itemKey: '1001', productId: '1001', unitPrice: 1699, memberUnitPrice: 1399, quantity: 2, lineTotal: 3398 })
    const { container } = render(
      <>
        <CartLine line={l} currency="CAD" busy={false} rejectedAvailable={null} onQuantity={noop} onRemove={noop} onAskRemove={noop} />
        <CartTotals cart={{ ...cartOf(l), member: false, memberSavings: 600 }} />
      </>
    )
    expect(container.querySelector('.cart-line__unit .price__now')).toHaveTextContent('$16.99')
    expect(container.querySelector('.member-price__amount')).toHaveTextContent('$13.99')
    expect(container.querySelector('.cart-totals__member')).toHaveTextContent(text.save('$6.00'))
  })
})
