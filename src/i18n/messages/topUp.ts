import { defineMessages } from '@shared/i18n/define'

/** My account's store-credit top-up (src/components/account/TopUpForm.tsx). */
export default defineMessages({
  en: {
    'user.topUp.open': 'Top up',
    'user.topUp.notHere': 'Store credit cannot be topped up in the mini-program on iPhone or iPad. Top up on our website or in the mini-program on Android; the credit shows here as soon as it is paid.',
    'user.topUp.title': 'Top up store credit',
    'user.topUp.amount': 'Amount',
    'user.topUp.other': 'Other amount',
    'user.topUp.otherLabel': 'Amount in {currency}',
    'user.topUp.method': 'Pay with',
    'user.topUp.noMethod': 'Online payment is not available right now.',
    'user.topUp.payInApp': 'You pay in the app’s own payment sheet.',
    'user.topUp.pay': 'Pay',
    'user.topUp.cancel': 'Cancel',
    'user.topUp.error.required': 'Choose or enter an amount.',
    'user.topUp.error.invalid': 'Enter an amount such as 25 or 25.50.',
    'user.topUp.error.decimals': 'Too many decimals for {currency}.',
    'user.topUp.error.min': 'A top-up is at least {min}.',
    'user.topUp.error.max': 'A top-up is at most {max}.',
    'user.topUp.error.method': 'Choose how to pay.',
    'user.topUp.failed': 'The top-up did not go through: {message}',
    'user.topUp.pending': 'Waiting for the payment of {amount} to be confirmed…',
    'user.topUp.stillPending': 'The payment of {amount} is not confirmed yet; your balance grows once it is.',
    'user.topUp.paid': '{amount} added. Your store credit is now {balance}.',
    'user.topUp.declined': 'The payment of {amount} did not go through; your store credit is unchanged.'
  },
  zh: {
    'user.topUp.open': '充值',
    'user.topUp.notHere': '在 iPhone 或 iPad 的小程序中无法充值余额。请在本店网站或安卓手机的小程序中充值，付款后余额立即在此显示。',
    'user.topUp.title': '充值商店余额',
    'user.topUp.amount': '金额',
    'user.topUp.other': '其他金额',
    'user.topUp.otherLabel': '金额（{currency}）',
    'user.topUp.method': '支付方式',
    'user.topUp.noMethod': '暂时无法在线支付。',
    'user.topUp.payInApp': '将在应用自带的支付界面付款。',
    'user.topUp.pay': '支付',
    'user.topUp.cancel': '取消',
    'user.topUp.error.required': '请选择或输入金额。',
    'user.topUp.error.invalid': '请输入金额，例如 25 或 25.50。',
    'user.topUp.error.decimals': '{currency} 金额的小数位过多。',
    'user.topUp.error.min': '每次充值至少 {min}。',
    'user.topUp.error.max': '每次充值最多 {max}。',
    'user.topUp.error.method': '请选择支付方式。',
    'user.topUp.failed': '充值未成功：{message}',
    'user.topUp.pending': '正在等待 {amount} 的支付确认…',
    'user.topUp.stillPending': '{amount} 的支付尚未确认，确认后余额会增加。',
    'user.topUp.paid': '已充值 {amount}，当前商店余额为 {balance}。',
    'user.topUp.declined': '{amount} 的支付未成功，商店余额未变。'
  }
})
