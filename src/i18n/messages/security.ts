import { defineMessages } from '@shared/i18n/define'

/** E-mail confirmation and what a password reset unjoined (security probe finding 8). */
export default defineMessages({
  en: {
    'account.verify.title': 'Confirm e-mail',
    'account.verify.working': 'Confirming your e-mail address…',
    'account.verify.done': 'Thank you: {email} is confirmed. You can now link WeChat or Alipay sign-in to your account.',
    'account.verify.noToken': 'This confirmation link is incomplete. Open the link from the e-mail again, or ask for a new one under My account.',
    'account.verify.toAccount': 'Go to my account',
    'account.reset.unlinked': 'For your safety, {names} sign-in was unlinked from this account. If it was yours, sign in with it again and link it with your e-mail and new password.',
    'account.identity.wechat': 'WeChat',
    'account.identity.alipay': 'Alipay',
    'user.emailUnverified': 'Your e-mail address {email} is not confirmed yet. Open the link we e-mailed you; WeChat or Alipay sign-in can be linked once it is confirmed.',
    'user.emailResend': 'Send the link again',
    'user.emailResent': 'A new link was sent to {email}.'
  },
  zh: {
    'account.verify.title': '确认邮箱',
    'account.verify.working': '正在确认您的邮箱地址…',
    'account.verify.done': '谢谢！{email} 已确认。现在您可以为账户关联微信或支付宝登录。',
    'account.verify.noToken': '该确认链接不完整。请重新打开邮件中的链接，或在“我的账户”中重新申请。',
    'account.verify.toAccount': '前往我的账户',
    'account.reset.unlinked': '为了您的安全，已解除此账户与{names}登录的关联。如果是您本人的账号，请重新用它登录，并用邮箱和新密码完成关联。',
    'account.identity.wechat': '微信',
    'account.identity.alipay': '支付宝',
    'user.emailUnverified': '您的邮箱地址 {email} 尚未确认。请打开我们发送给您的邮件中的链接；确认后即可关联微信或支付宝登录。',
    'user.emailResend': '重新发送链接',
    'user.emailResent': '新的链接已发送至 {email}。'
  }
})
