import { defineMessages } from '@shared/i18n/define'

export default defineMessages({
  en: {
    'contact.title': 'Contact us',
    'contact.intro': 'Questions about an order, a product or the store? Write to us and we will answer you.',
    'contact.field.name': 'Your name',
    'contact.field.email': 'E-mail',
    'contact.field.phone': 'Phone',
    'contact.field.message': 'Message',
    'contact.reachNote': 'An e-mail address or a phone number: one of them is enough.',
    'contact.honeypot': 'Leave this field empty',
    'contact.submit': 'Send message',
    'contact.sent': 'Thank you, {name}. We have received your message and will answer you soon.',
    'contact.sentCopy': 'A confirmation has been e-mailed to {email}.',
    'contact.another': 'Send another message',
    'contact.error.tooMany': 'Too many messages have been sent just now. Please try again in a few minutes.',
    'contact.error.network': 'Your message could not be sent: check your connection and try again.'
  },
  zh: {
    'contact.title': '联系我们',
    'contact.intro': '对订单、商品或本店有疑问？请给我们留言，我们会尽快回复您。',
    'contact.field.name': '您的姓名',
    'contact.field.email': '电子邮箱',
    'contact.field.phone': '电话',
    'contact.field.message': '留言',
    'contact.reachNote': '电子邮箱或电话号码，填写其中一项即可。',
    'contact.honeypot': '请勿填写此项',
    'contact.submit': '发送留言',
    'contact.sent': '谢谢您，{name}。我们已收到您的留言，会尽快回复您。',
    'contact.sentCopy': '确认邮件已发送到 {email}。',
    'contact.another': '再写一条留言',
    'contact.error.tooMany': '刚才发送的留言太多，请几分钟后再试。',
    'contact.error.network': '留言未能发送，请检查网络连接后重试。'
  }
})
