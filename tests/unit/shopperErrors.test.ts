import { messageOf, ShopperError } from '@/domain/errors'
import { transactionErrorOf } from '@/domain/paymentStatus'
import { translator, type MessageKey } from '@/i18n'
import '@/i18n/more'

/**
 * The app's own failures a shopper can read (coverage audit 2026-11-26: eight were English only). Each is a ShopperError
 * whose key has its Chinese; the English stays the error's message.
 */
const OWN_FAILURES: [MessageKey, string][] = [
  ['checkout.error.paymentMethod', 'Choose a payment method'],
  ['checkout.error.paymentPageMissing', 'The payment page is missing'],
  ['checkout.error.weChatPayOutsideWeChat', 'WeChat Pay is only available inside WeChat'],
  ['checkout.error.weChatPayNotStarted', 'WeChat Pay did not start'],
  ['checkout.error.alipayNotStarted', 'Alipay did not start'],
  ['account.error.noWeChatCode', 'WeChat did not return a login code'],
  ['account.error.noAlipayCode', 'Alipay did not return an auth code'],
  ['account.error.notSignedIn', 'Not signed in']
]

describe("the app's own failures in the shopper's language", () => {
  const zh = translator('zh')
  const en = translator('en')

  it.each(OWN_FAILURES)('%s: Chinese in zh, the English text in en', (key, english) => {
    const err = new ShopperError(key, english)
    const chinese = messageOf(err, zh)
    expect(chinese).not.toBe(key)
    expect(chinese).toMatch(/[\u4e00-\u9fff]/)
    expect(messageOf(err, en).replace(/\.$/, '')).toBe(english)
    expect(messageOf(err)).toBe(english)
  })

  it('the payment pages word them too (transactionErrorOf with the translate function)', () => {
    const err = new ShopperError('checkout.error.weChatPayOutsideWeChat', 'WeChat Pay is only available inside WeChat')
    expect(transactionErrorOf(err, zh)).toBe('微信支付仅能在微信内使用。')
    expect(transactionErrorOf(new Error('plain'), zh)).toBe('plain')
  })
})
