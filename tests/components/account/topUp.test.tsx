/**
 * My account's store-credit top-up (StoreCreditPanel → TopUpForm) with the server mocked at http.ts, en and zh:
 * amount choices and a typed amount checked against the currency's decimals and the limits, the store's payment
 * methods (PayPal among them), the hosted page, and the way back (/user/list?deposit=…) with the new balance.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { StoreCreditPanel } from '@/components/account/StoreCreditPanel'
import type { Language } from '@/i18n'
import '@/i18n/more'
import { platform } from '@/platform'
import { ONLINE } from '../../support/fixtures/catalog'
import { recordBrowserExits } from '../../support/browserExits'
import { mockHttp, type MockHttp } from '../../support/mockHttp'
import { LANGS, resetStores, signedIn, type, valueOf } from './accountTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    open: 'Top up', pay: 'Pay', other: 'Other amount', methods: 'WeChat Pay|PayPal', decimals: 'Too many decimals for CAD.',
    max: 'A top-up is at most $1,000.00.', method: 'Choose how to pay.', paid: '$50.00 added. Your store credit is now $65.00.',
    declined: 'The payment of $50.00 did not go through; your store credit is unchanged.', deposit: 'Top-up', refund: 'Refund',
    notHere: 'Store credit cannot be topped up in the mini-program on iPhone or iPad. Top up on our website or in the mini-program on Android; the credit shows here as soon as it is paid.'
  },
  zh: {
    open: '充值', pay: '支付', other: '其他金额', methods: '微信支付|PayPal 贝宝', decimals: 'CAD 金额的小数位过多。',
    max: '每次充值最多 $1,000.00。', method: '请选择支付方式。', paid: '已充值 $50.00，当前商店余额为 $65.00。',
    declined: '$50.00 的支付未成功，商店余额未变。', deposit: '充值', refund: '退款',
    notHere: '在 iPhone 或 iPad 的小程序中无法充值余额。请在本店网站或安卓手机的小程序中充值，付款后余额立即在此显示。'
  }
}

const REFUND = { amount: 1500, reason: 'REFUND', orderID: null, balanceAfter: 1500, createdAt: '2026-11-20T10:00:00.000Z' }
const TOPPED_UP = { amount: 5000, reason: 'DEPOSIT', orderID: null, balanceAfter: 6500, createdAt: '2026-11-23T10:00:00.000Z' }
const DEPOSIT = { depositID: 'd1', amount: 5000, currency: 'CAD' }

function server(routes: Record<string, unknown> = {}): MockHttp {
  return mockHttp({
    'GET /admin/storeCreditManagement/storeCreditHistory': { balance: 1500, currency: 'CAD', entries: [REFUND] },
    'GET /shoppingManagement4/paymentConfig': { currency: 'CAD', methods: [], onlineProviders: { ...ONLINE, h5Channels: ['OTT', 'PAYPAL'] } },
    'POST /shoppingManagement4/applyStoreCreditDeposit': { ...DEPOSIT, status: 'PENDING', balance: 1500, redirectUrl: 'http://localhost/api/istore/client/sandbox/pay/d1' },
    ...routes
  })
}

const option = (name: string, value: string) => {
  const el = document.querySelector(`.checkout-choices__option[data-name="${name}"][data-value="${value}"]`)
  if (!el) throw new Error(`no option ${name}=${value}`)
  return el
}
const methodNames = () => Array.from(document.querySelectorAll('.checkout-choices__option[data-name="topUpMethod"]')).map((el) => el.textContent).join('|')

describe.each(LANGS)('store-credit top-up (%s)', (lang) => {
  const text = TEXT[lang]
  const exits = recordBrowserExits()

  async function openForm() {
    fireEvent.click(await screen.findByText(text.open))
    await waitFor(() => expect(methodNames()).toBe(text.methods))
  }

  it('a chosen amount paid with PayPal: the top-up is opened on the PayPal channel and the browser leaves for its page', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = server()
    render(<StoreCreditPanel />)
    await openForm()
    expect(option('topUpMethod', 'PAYPAL').querySelector('.checkout-choices__logo--paypal')).not.toBeNull()
    fireEvent.click(option('topUpAmount', '5000'))
    fireEvent.click(option('topUpMethod', 'PAYPAL'))
    // Issue 42 n-9: Pay is the store's red primary button, Cancel is not.
    expect(screen.getByText(text.pay).closest('.top-up__pay')?.classList.contains('primary-button')).toBe(true)
    expect(document.querySelector('.top-up__cancel')?.classList.contains('primary-button')).toBe(false)
    fireEvent.click(screen.getByText(text.pay))
    await waitFor(() => expect(exits).toEqual(['http://localhost/api/istore/client/sandbox/pay/d1']))
    expect(http.calls.find((c) => c.path === '/shoppingManagement4/applyStoreCreditDeposit')?.body).toEqual({
      amount: 5000, channel: 'PAYPAL', returnUrlInfo: window.location.origin
    })
  })

  it('the shop\'s own top-up amounts (app info\'s storeCredit) are the choices; none offers a typed amount only', async () => {
    const info = signedIn()
    info.appContent.system.storeCredit = { topUpAmounts: [1500, 3000] }
    resetStores(info, lang, '/user/list')
    server()
    const { unmount } = render(<StoreCreditPanel />)
    await openForm()
    const amounts = () => Array.from(document.querySelectorAll('.checkout-choices__option[data-name="topUpAmount"]')).map((el) => el.getAttribute('data-value'))
    expect(amounts()).toEqual(['1500', '3000', 'other'])
    expect(option('topUpAmount', '1500').textContent).toContain('$15.00')
    unmount()

    const none = signedIn()
    none.appContent.system.storeCredit = { topUpAmounts: [] }
    resetStores(none, lang, '/user/list')
    render(<StoreCreditPanel />)
    await openForm()
    expect(amounts()).toEqual(['other'])
  })

  it('a typed amount is checked (decimals, limit, method) before anything is sent, and what was typed stays', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = server()
    const { container } = render(<StoreCreditPanel />)
    await openForm()
    fireEvent.click(option('topUpAmount', 'other'))
    await type(container, 'topUpOther', '12.345')
    fireEvent.click(screen.getByText(text.pay))
    expect(await screen.findByText(text.decimals)).toBeTruthy()
    expect(await screen.findByText(text.method)).toBeTruthy()
    await type(container, 'topUpOther', '2000')
    fireEvent.click(screen.getByText(text.pay))
    expect(await screen.findByText(text.max)).toBeTruthy()
    expect(valueOf(container, 'topUpOther')).toBe('2000')
    expect(http.calls.some((c) => c.path === '/shoppingManagement4/applyStoreCreditDeposit')).toBe(false)

    await type(container, 'topUpOther', '12.50')
    fireEvent.click(option('topUpMethod', 'WECHAT_PAY'))
    fireEvent.click(screen.getByText(text.pay))
    await waitFor(() => expect(exits).toHaveLength(1))
    expect(http.calls.find((c) => c.path === '/shoppingManagement4/applyStoreCreditDeposit')?.body).toMatchObject({ amount: 1250, channel: 'OTT' })
  })

  it('back from the payment page: the top-up is checked, the new balance shown and the history has the top-up', async () => {
    resetStores(signedIn(), lang, '/user/list?deposit=d1')
    let paid = false
    const http = server({
      'POST /shoppingManagement4/storeCreditDepositStatus': () => {
        paid = true
        return { ...DEPOSIT, status: 'PAID', balance: 6500 }
      },
      'GET /admin/storeCreditManagement/storeCreditHistory': () =>
        paid ? { balance: 6500, currency: 'CAD', entries: [TOPPED_UP, REFUND] } : { balance: 1500, currency: 'CAD', entries: [REFUND] }
    })
    render(<StoreCreditPanel />)
    expect(await screen.findByText(text.paid)).toBeTruthy()
    expect(http.calls.find((c) => c.path === '/shoppingManagement4/storeCreditDepositStatus')?.body).toEqual({ depositID: 'd1' })
    const reasons = () => Array.from(document.querySelectorAll('.store-credit__what > :first-child')).map((el) => el.textContent)
    await waitFor(() => expect(reasons()).toEqual([text.deposit, text.refund]))
  })

  it('back from a failed payment: says nothing was added', async () => {
    resetStores(signedIn(), lang, '/user/list?deposit=d1')
    server({ 'POST /shoppingManagement4/storeCreditDepositStatus': { ...DEPOSIT, status: 'FAILED', balance: 1500 } })
    render(<StoreCreditPanel />)
    expect(await screen.findByText(text.declined)).toBeTruthy()
  })

  it('where the platform may not sell stored value (WeChat on iOS), says where to top up instead of offering it', async () => {
    resetStores(signedIn(), lang)
    const allowed = jest.spyOn(platform, 'virtualGoodsPurchase').mockReturnValue(false)
    try {
      server()
      render(<StoreCreditPanel />)
      expect(await screen.findByText(text.notHere)).toBeTruthy()
      expect(screen.queryByText(text.open)).toBeNull()
    } finally {
      allowed.mockRestore()
    }
  })
})
