/**
 * Every order status of the contract has words in both languages (src/components/account/orderLabels.ts), including
 * the provider's DISPUTED and CHARGED_BACK (issue 40 item 3): none is shown to a shopper as its raw code.
 */
import { ORDER_STATUSES } from '@contract/orders'
import { orderStatusLabel } from '@/components/account/orderLabels'
import { translator } from '@/i18n'
import '@/i18n/more'

describe('order status labels', () => {
  it.each(ORDER_STATUSES)('%s has its own words in en and zh', (code) => {
    const en = orderStatusLabel(translator('en'), code)
    const zh = orderStatusLabel(translator('zh'), code)
    expect(en).not.toBe(code)
    expect(zh).not.toBe(code)
    expect(zh).not.toBe(en)
  })

  it('names a disputed and a charged-back order', () => {
    expect(orderStatusLabel(translator('en'), 'DISPUTED')).toBe('Payment disputed')
    expect(orderStatusLabel(translator('zh'), 'DISPUTED')).toBe('支付争议处理中')
    expect(orderStatusLabel(translator('en'), 'CHARGED_BACK')).toBe('Payment reversed')
    expect(orderStatusLabel(translator('zh'), 'CHARGED_BACK')).toBe('款项已被撤回')
  })
})
