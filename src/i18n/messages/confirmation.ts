import { defineMessages } from '../define'

export default defineMessages({
  en: {
    'confirmation.title': 'Order confirmation',
    'confirmation.pending': 'Submit Payment...',
    'confirmation.successHeading': 'Thank you for your order!',
    'confirmation.receiptEmailed': 'A receipt has been emailed to you.',
    'confirmation.orderNumber': 'Order number: {orderID}',
    'confirmation.storeName': 'Store: {storeName}',
    'confirmation.inProcessHeading': 'Your payment is being processed',
    'confirmation.inProcessText': 'We will confirm your order as soon as the payment is complete.',
    'confirmation.failureHeading': 'Payment Failed',
    'confirmation.failureText': 'Your cart is kept. You can try again or choose another payment method.',
    'confirmation.checkOrderDetail': 'Check Order Detail',
    'confirmation.myAccount': 'My Account',
    'confirmation.register': 'Register',
    'confirmation.continueShopping': 'Continue Shopping',
    'confirmation.backToCart': 'Back to Cart',
    'confirmation.stalled': 'Payment not completed yet. If you left the payment page, you can try again; we keep checking meanwhile.',
    'confirmation.retryPayment': 'Retry payment',
    'processpay.title': 'Payment',
    'processpay.processing': 'We are processing your payment request, please hold on stay in this page.',
    'processpay.noCode': 'WeChat did not authorize the payment, please try again.'
  },
  zh: {
    'confirmation.title': '订单确认',
    'confirmation.pending': '正在提交支付...',
    'confirmation.successHeading': '感谢您的订购！',
    'confirmation.receiptEmailed': '收据已发送到您的电子邮箱。',
    'confirmation.orderNumber': '订单号：{orderID}',
    'confirmation.storeName': '商店：{storeName}',
    'confirmation.inProcessHeading': '您的付款正在处理中',
    'confirmation.inProcessText': '付款完成后我们会立即确认您的订单。',
    'confirmation.failureHeading': '支付失败',
    'confirmation.failureText': '您的购物车已保留，您可以重试或选择其他支付方式。',
    'confirmation.checkOrderDetail': '查看订单详情',
    'confirmation.myAccount': '我的账户',
    'confirmation.register': '注册',
    'confirmation.continueShopping': '继续购物',
    'confirmation.backToCart': '返回购物车',
    'confirmation.stalled': '尚未完成支付。如果您已离开支付页面，可以重新支付；我们会继续查询支付结果。',
    'confirmation.retryPayment': '重新支付',
    'processpay.title': '支付',
    'processpay.processing': '我们正在处理您的支付请求，请稍候并停留在此页面。',
    'processpay.noCode': '微信未授权本次支付，请重试。'
  }
})
