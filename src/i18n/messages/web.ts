import { defineMessages } from '@shared/i18n/define'

/**
 * Texts only the web (H5) shows: the skip link, the carousel's slide buttons, the support sheet and the install prompt.
 * Registered by the modules that show them (src/i18n/web.ts), so the mini-programs' main packages never carry them.
 */
export default defineMessages({
  en: {
    'shell.skipToContent': 'Skip to content',
    'support.title': 'How can we help?',
    'support.email': 'E-mail us',
    'support.phone': 'Call us',
    'support.chat': 'Chat with us',
    'support.form': 'Write to us',
    'carousel.slide': 'Slide {n} of {count}',
    'install.text': 'Use this website as a free app.',
    'install.accept': 'Install',
    'install.dismiss': 'Not now',
    'install.icon': 'Install this store as an app'
  },
  zh: {
    'shell.skipToContent': '跳到主要内容',
    'support.title': '需要什么帮助？',
    'support.email': '发送邮件',
    'support.phone': '致电我们',
    'support.chat': '在线聊天',
    'support.form': '给我们留言',
    'carousel.slide': '第 {n} 张，共 {count} 张',
    'install.text': '将本网站作为免费应用使用。',
    'install.accept': '安装',
    'install.dismiss': '暂不',
    'install.icon': '将本店安装为应用'
  }
})
