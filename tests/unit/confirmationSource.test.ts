import { alternateConfirmationSource, confirmationSource, ORDER_ID_ERROR, toConfirmationView, withWeChatQr, type ConfirmationSource } from '@/domain/confirmationSource'
import { NO_STATUS_ERROR, transactionErrorOf, type PaymentView } from '@/domain/paymentStatus'

describe('confirmationSource: how /confirmation knows the order and its state', () => {
  it.each<[string, Record<string, string | undefined>, ConfirmationSource]>([
    ['a mini-program return, the sheet said OK: the server is asked', { MP_paymentstatus: 'ok', orderID: '100007', wmpoid: 'o1' }, { kind: 'check', provider: 'weixin_js', orderID: '100007' }],
    ['a mini-program return, cancelled', { MP_paymentstatus: 'CANCEL', message: 'cancelled', wmpoid: 'o1' }, { kind: 'known', view: { view: 'failure', message: 'cancelled' } }],
    ['a provider return', { from_source: 'weixin_js', status: 'ok', oid: '777' }, { kind: 'check', provider: 'weixin_js', orderID: '777', status: 'ok' }],
    ['a WeChat Native return with its code', { from_source: 'weixin_h5X88', wechat_qr: 'weixin://wxpay/bizpayurl/up?pr=abc' },
      { kind: 'check', provider: 'weixin_h5', orderID: '88', weChatQr: 'weixin://wxpay/bizpayurl/up?pr=abc' }],
    ['a code that is not WeChat Pay\'s is never drawn', { from_source: 'weixin_h5X88', wechat_qr: 'https://evil.example/pay' }, { kind: 'check', provider: 'weixin_h5', orderID: '88' }],
    ['a code on another provider\'s return is ignored', { from_source: 'ott_h5X88', wechat_qr: 'weixin://wxpay/bizpayurl/up?pr=abc' }, { kind: 'check', provider: 'ott_h5', orderID: '88' }],
    ['/confirmation/{id}', { id: '100007' }, { kind: 'order', orderID: '100007' }],
    ['nothing to go on', {}, { kind: 'known', view: { view: 'failure', message: ORDER_ID_ERROR } }]
  ])('%s', (_, params, expected) => expect(confirmationSource(params)).toEqual(expected))
})

test('withWeChatQr puts the code_url on the return URL, and confirmationSource reads it back', () => {
  const url = new URL(withWeChatQr('https://shop.test/confirmation?from_source=weixin_h5X5', 'weixin://wxpay/bizpayurl/up?pr=x&y=1'))
  expect(confirmationSource(Object.fromEntries(url.searchParams))).toEqual({ kind: 'check', provider: 'weixin_h5', orderID: '5', weChatQr: 'weixin://wxpay/bizpayurl/up?pr=x&y=1' })
})

describe('alternateConfirmationSource: /confirmationa/{type}/{order_id}', () => {
  it.each<[Record<string, string | undefined>, ConfirmationSource]>([
    [{ type: 'alipay_h5', order_id: ' 42 ' }, { kind: 'check', provider: 'alipay_h5', orderID: '42' }],
    [{ type: 'other', order_id: '42' }, { kind: 'order', orderID: '42' }],
    [{ type: 'alipay_h5', order_id: ' ' }, { kind: 'known', view: { view: 'failure', message: ORDER_ID_ERROR } }]
  ])('%p', (params, expected) => expect(alternateConfirmationSource(params)).toEqual(expected))
})

describe('toConfirmationView: a check result as the page shows it', () => {
  it.each<[PaymentView, ReturnType<typeof toConfirmationView>]>([
    [{ view: 'success', orderID: '' }, { view: 'success', orderID: '9' }],
    [{ view: 'success', orderID: '12' }, { view: 'success', orderID: '12' }],
    [{ view: 'inProcess', orderID: '' }, { view: 'inProcess', orderID: '9' }],
    [{ view: 'error', message: NO_STATUS_ERROR }, { view: 'failure', message: NO_STATUS_ERROR }],
    [{ view: 'pending' }, { view: 'pending' }],
    [{ view: 'notFound' }, { view: 'notFound', orderID: '9' }]
  ])('%p', (result, view) => expect(toConfirmationView(result, '9')).toEqual(view))
})

describe('transactionErrorOf: the message a failed payment call shows', () => {
  const withBody = (message: string, body: unknown) => Object.assign(new Error(message), { body })
  it.each<[string, unknown, string]>([
    ['the first message of the response', withBody('Request failed (400)', { errors: ['', 'Card declined'] }), 'Card declined'],
    ['the response message', withBody('Request failed (400)', { message: 'Order closed' }), 'Order closed'],
    ['the error message without a response', new Error('offline'), 'offline'],
    ['anything else', 'timeout', 'timeout']
  ])('%s', (_, err, text) => expect(transactionErrorOf(err)).toBe(text))
})
