import { defineMessages } from '@shared/i18n/define'

/** The guest order lookup (/orderlookup) and the links to it. */
export default defineMessages({
  en: {
    'lookup.title': 'Track an order',
    'lookup.intro': 'Enter the order number from your confirmation or receipt with the e-mail address and the phone number you gave at checkout. The link in your receipt mail opens the order at once.',
    'lookup.field.orderID': 'Order number',
    'lookup.field.email': 'E-mail',
    'lookup.field.phone': 'Phone',
    'lookup.submit': 'Find my order',
    'lookup.miss': 'No order matches that number, e-mail and phone.',
    'lookup.linkMiss': 'This link does not open an order. Enter the order number, e-mail and phone instead.',
    'lookup.tooMany': 'Too many lookups just now. Please try again in a few minutes.',
    'lookup.another': 'Look up another order',
    'lookup.signInHint': 'Have an account? Sign in to see all your orders.',
    'lookup.fromLogin': 'Track an order without an account',
    'lookup.keepNumber': 'Keep your order number: look it up any time at {link}.',
    'account.error.orderNumber': 'Enter the order number as it is on your confirmation, e.g. 100123.',
    'user.order.address': 'Address'
  },
  zh: {
    'lookup.title': '查询订单',
    'lookup.intro': '请输入确认页或收据上的订单号，以及结账时填写的电子邮箱和电话号码。收据邮件中的链接可直接打开订单。',
    'lookup.field.orderID': '订单号',
    'lookup.field.email': '电子邮箱',
    'lookup.field.phone': '电话',
    'lookup.submit': '查询订单',
    'lookup.miss': '没有与该订单号、邮箱和电话相符的订单。',
    'lookup.linkMiss': '此链接无法打开订单，请输入订单号、邮箱和电话查询。',
    'lookup.tooMany': '查询次数过多，请几分钟后再试。',
    'lookup.another': '查询其他订单',
    'lookup.signInHint': '已有账户？登录后可查看全部订单。',
    'lookup.fromLogin': '无需账户查询订单',
    'lookup.keepNumber': '请保存您的订单号，随时可在“{link}”页面查看此订单。',
    'account.error.orderNumber': '请输入确认页上的订单号，例如 100123。',
    'user.order.address': '地址'
  }
})
