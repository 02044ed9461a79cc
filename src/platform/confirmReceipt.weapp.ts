/**
 * WeChat's order-shipping service in the mini-program (issue 40):
 * - The page a shipping or confirm-receipt message opens carries the payment's transaction_id, merchant_id and
 *   merchant_trade_no in its query ("平台会在路径后面增加支付单的 transaction_id、merchant_id、merchant_trade_no 作为query
 *   参数", 消息跳转路径设置, https://developers.weixin.qq.com/miniprogram/dev/server/API/order_shipping/api_setmsgjumppath):
 *   paymentOfMessage reads merchant_trade_no, the store's own payment number.
 * - WeChat's confirm-receipt component (小程序确认收货组件接入说明,
 *   https://developers.weixin.qq.com/miniprogram/dev/platform-capabilities/business-capabilities/order-shipping/order-shipping-half.html):
 *   wx.openBusinessView({ businessType: 'weappOrderConfirm', extraData: { merchant_id, merchant_trade_no } }) (base
 *   library 2.6.0 and later; older: ask the shopper to update WeChat). The component comes back with
 *   wx.navigateBackMiniProgram: the app's onShow options carry referrerInfo, appId wx1183b055aeec94d1 and extraData
 *   { status: 'success' | 'fail' | 'cancel', errormsg?, req_extradata }. The page says to check the payment with
 *   get_order after a success before trusting it: the caller asks the server, which asks WeChat.
 */
import Taro from '@tarojs/taro'
import type { ReceiptOutcome } from './types'

/** The app id WeChat's confirm-receipt component comes back from (referrerInfo.appId). */
export const CONFIRM_RECEIPT_APP_ID = 'wx1183b055aeec94d1'

export function paymentOfMessage(params: Record<string, string>): string | null {
  const number = params.merchant_trade_no
  return typeof number === 'string' && number.trim() ? number.trim() : null
}

type AppShow = { referrerInfo?: { appId?: string; extraData?: { status?: string } } }

export function confirmReceipt({ merchantId, merchantTradeNo }: { merchantId: string; merchantTradeNo: string }): Promise<ReceiptOutcome> {
  const open = (Taro as unknown as { openBusinessView?: (o: object) => unknown }).openBusinessView
  if (typeof open !== 'function') return Promise.resolve('unavailable')
  return new Promise<ReceiptOutcome>((resolve) => {
    let settled = false
    const finish = (outcome: ReceiptOutcome) => {
      if (settled) return
      settled = true
      Taro.offAppShow(onShow)
      resolve(outcome)
    }
    // The first show after the component is its answer; back another way (no component referrer), nothing confirmed.
    function onShow(options: AppShow) {
      const referrer = options?.referrerInfo
      const status = referrer?.appId === CONFIRM_RECEIPT_APP_ID ? referrer.extraData?.status : undefined
      finish(status === 'success' || status === 'fail' ? status : 'cancel')
    }
    Taro.onAppShow(onShow as (o: unknown) => void)
    try {
      open({
        businessType: 'weappOrderConfirm',
        extraData: { merchant_id: merchantId, merchant_trade_no: merchantTradeNo },
        fail: () => finish('fail')
      })
    } catch {
      finish('fail')
    }
  })
}
