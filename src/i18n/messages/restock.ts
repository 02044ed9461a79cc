import { defineMessages } from '@shared/i18n/define'

/** "E-mail me when it's back" on a sold-out product page (walkthrough 2.3); loads with that page (src/i18n/restock.ts). */
export default defineMessages({
  en: {
    'restock.title': "E-mail me when it's back",
    'restock.intro': "We'll e-mail you once, as soon as it's back in stock.",
    'restock.introChoice': "We'll e-mail you once, as soon as this choice is back in stock.",
    'restock.email': 'Your e-mail',
    'restock.account': "We'll write to {email}.",
    'restock.submit': 'Notify me',
    'restock.sent': "We'll e-mail you at {email} when it's back.",
    'restock.cancel': "Don't e-mail me",
    'restock.cancelled': "Cancelled: we won't e-mail {email} about it.",
    'restock.error.notWaiting': 'That alert is no longer waiting: it was cancelled or has been sent.',
    'restock.error.required': 'Enter your e-mail address.',
    'restock.error.invalid': 'Enter a valid e-mail address, e.g. name@example.com.',
    'restock.error.tooMany': 'Too many requests just now. Please try again in a few minutes.',
    'restock.error.inStock': "It's in stock again: reload the page to buy it.",
    'restock.error.network': 'No connection. Check your network and try again.'
  },
  zh: {
    'restock.title': '到货时邮件通知我',
    'restock.intro': '商品一到货，我们就发一封邮件通知您。',
    'restock.introChoice': '该选项一到货，我们就发一封邮件通知您。',
    'restock.email': '您的电子邮箱',
    'restock.account': '我们将发邮件至 {email}。',
    'restock.submit': '到货通知我',
    'restock.sent': '到货后我们会发邮件至 {email} 通知您。',
    'restock.cancel': '不用邮件通知我',
    'restock.cancelled': '已取消：我们不会再为此发邮件至 {email}。',
    'restock.error.notWaiting': '该到货通知已不再等待：已取消或已发送。',
    'restock.error.required': '请输入电子邮箱。',
    'restock.error.invalid': '请输入有效的电子邮箱，例如 name@example.com。',
    'restock.error.tooMany': '请求过于频繁，请几分钟后再试。',
    'restock.error.inStock': '已经有货了：请刷新页面购买。',
    'restock.error.network': '网络未连接，请检查网络后重试。'
  }
})
