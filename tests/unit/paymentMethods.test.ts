import { carrierOf, offeredMethods, paysInWeChatPage, preselectedMethod, type PaymentMethod } from '@/domain/paymentMethods'
import type { H5PaymentChannel } from '@/platform/types'
import { payment as demoStorePayment } from '../../server/src/seed/store'

const ALL_ON = { supportWeChatPay: true, supportAliPay: true, supportUnionPay: true, supportPayPal: true }
const HOSTED: H5PaymentChannel[] = ['OTT', 'SNAPPAY_WECHATPAY', 'SNAPPAY_ALIPAY', 'SNAPPAY_UNIONPAY', 'CITCON', 'IOTPAY', 'OPAY', 'NATIVE_WECHAT_H5', 'ALIPAY_H5', 'PAYPAL']

describe('carrierOf: the first enabled channel (operator order) that carries the method', () => {
  it.each<[PaymentMethod, H5PaymentChannel[], H5PaymentChannel | null]>([
    ['WECHAT_PAY', HOSTED, 'OTT'],
    ['ALIPAY', HOSTED, 'SNAPPAY_ALIPAY'],
    ['UNIONPAY', HOSTED, 'SNAPPAY_UNIONPAY'],
    ['WECHAT_PAY', ['ALIPAY_H5', 'NATIVE_WECHAT_H5'], 'NATIVE_WECHAT_H5'],
    ['ALIPAY', ['CITCON', 'ALIPAY_H5'], 'CITCON'],
    ['UNIONPAY', ['OTT', 'IOTPAY'], null],
    ['PAYPAL', HOSTED, 'PAYPAL'],
    ['PAYPAL', ['CITCON', 'OPAY'], null]
  ])('%s over %p → %p', (method, channels, carrier) => expect(carrierOf(method, channels)).toBe(carrier))
})

describe('offeredMethods: accepted by the store and carried by an enabled channel', () => {
  it.each<[string, Parameters<typeof offeredMethods>[0], H5PaymentChannel[], PaymentMethod[]]>([
    ['everything on', ALL_ON, HOSTED, ['WECHAT_PAY', 'ALIPAY', 'UNIONPAY', 'PAYPAL']],
    ['a flag off', { ...ALL_ON, supportUnionPay: false }, HOSTED, ['WECHAT_PAY', 'ALIPAY', 'PAYPAL']],
    ['PayPal accepted but its channel off (PAYMENT_H5_CHANNELS)', ALL_ON, ['OTT', 'SNAPPAY_ALIPAY'], ['WECHAT_PAY', 'ALIPAY']],
    ['a flag missing is not a yes (as for the footer badges)', { supportWeChatPay: true }, HOSTED, ['WECHAT_PAY']],
    ['nothing carries UnionPay or PayPal', ALL_ON, ['OTT', 'ALIPAY_H5'], ['WECHAT_PAY', 'ALIPAY']],
    ['online payment off (no channels)', ALL_ON, [], []],
    ['no flags at all', undefined, HOSTED, []]
  ])('%s', (_, flags, channels, methods) => expect(offeredMethods(flags, channels)).toEqual(methods))
})

describe('preselectedMethod: the one the platform makes obvious', () => {
  const browser = { weChatBrowser: false, alipayBrowser: false }
  it.each<[string, PaymentMethod[], typeof browser, PaymentMethod | null]>([
    ['WeChat Pay inside WeChat', ['ALIPAY', 'WECHAT_PAY'], { ...browser, weChatBrowser: true }, 'WECHAT_PAY'],
    ['Alipay inside Alipay', ['WECHAT_PAY', 'ALIPAY'], { ...browser, alipayBrowser: true }, 'ALIPAY'],
    ['inside WeChat without WeChat Pay: no guess', ['ALIPAY', 'UNIONPAY'], { ...browser, weChatBrowser: true }, null],
    ['the only method', ['UNIONPAY'], browser, 'UNIONPAY'],
    ['a plain browser with a choice', ['WECHAT_PAY', 'ALIPAY'], browser, null],
    ['nothing offered', [], browser, null]
  ])('%s', (_, offered, env, method) => expect(preselectedMethod(offered, env)).toBe(method))
})

describe('the demo store: the footer badges (its payment flags) are the methods its checkout offers', () => {
  const BADGE_FLAGS = ['supportVisa', 'supportMasterCard', 'supportAmex', 'supportPayPal', 'supportWeChatPay', 'supportAliPay', 'supportUnionPay'] as const
  it('every badge shown is a method a hosted channel carries', () => {
    const badges = BADGE_FLAGS.filter((flag) => (demoStorePayment as Record<string, unknown>)[flag] === true)
    expect(badges).toEqual(['supportPayPal', 'supportWeChatPay', 'supportAliPay', 'supportUnionPay'])
    expect(offeredMethods(demoStorePayment, HOSTED)).toEqual(['WECHAT_PAY', 'ALIPAY', 'UNIONPAY', 'PAYPAL'])
  })
})

describe('paysInWeChatPage: inside WeChat, only WeChat Pay goes through WeChat’s in-page sheet', () => {
  it.each<[H5PaymentChannel | undefined, boolean]>([
    [undefined, true],
    ['OTT', true],
    ['CITCON', true],
    ['PAYPAL', false],
    ['SNAPPAY_UNIONPAY', false]
  ])('%p → %p', (channel, inPage) => expect(paysInWeChatPage(channel)).toBe(inPage))
})
