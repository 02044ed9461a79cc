/**
 * WeChat's order-shipping service seen from the shopper's order (issue 40): the order a shipping message opens (WeChat
 * appends the payment's merchant_trade_no, the store's attempt id, to the jump path) and the "confirm receipt" of a
 * WeChat mini-program payment (server/src/features/wechatReceipt/).
 */
import { Type, type Static } from '@sinclair/typebox'
import { Nullable } from './common.ts'

/** The payment's number as WeChat's message gives it (merchant_trade_no = the out_trade_no the store sent). */
export const PaymentNumberParam = Type.Object({ merchantTradeNo: Type.String({ maxLength: 64 }) })
export type PaymentNumberParam = Static<typeof PaymentNumberParam>

/**
 * What WeChat's confirm-receipt component needs (wx.openBusinessView 'weappOrderConfirm', extraData merchant_id +
 * merchant_trade_no) and where the receipt stands: `shipped` once the store's shipping upload was taken by WeChat,
 * `confirmedAt` once WeChat says the shopper confirmed receipt (get_order, or its settlement push).
 */
export const WeChatReceipt = Type.Object({
  merchantId: Type.String(),
  merchantTradeNo: Type.String(),
  shipped: Type.Boolean(),
  confirmedAt: Nullable(Type.String({ format: 'date-time' }))
})
export type WeChatReceipt = Static<typeof WeChatReceipt>
