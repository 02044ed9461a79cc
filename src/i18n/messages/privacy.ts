import { defineMessages } from '@shared/i18n/define'

/**
 * The store's own privacy prompt on the mini-programs (components/shell/PrivacyPrompt): WeChat's and Alipay's privacy
 * authorization, before a privacy API (choosing a picture, copying a link) runs. In the base dictionary: any page may
 * ask. `privacy.action.*` names what the shopper was doing, by the API that asked (docs/deploy.md lists them).
 */
export default defineMessages({
  en: {
    'privacy.title': 'Before you go on',
    'privacy.body': 'To {action}, the store needs your agreement to its privacy guide, which says what it collects and why.',
    'privacy.read': 'Read {name}',
    'privacy.guide': 'the privacy guide',
    'privacy.agree': 'Agree',
    'privacy.refuse': 'Not now',
    'privacy.refused': 'Not done: you did not agree to the privacy guide, so the store did not {action}. Agree when it asks again to go on.',
    'privacy.dismiss': 'OK',
    'privacy.action.chooseImage': 'choose a picture from your album',
    'privacy.action.setClipboardData': 'copy the link',
    'privacy.action.other': 'do this'
  },
  zh: {
    'privacy.title': '继续之前',
    'privacy.body': '要{action}，需要您同意本店的隐私保护指引，其中说明了收集哪些信息及用途。',
    'privacy.read': '阅读{name}',
    'privacy.guide': '隐私保护指引',
    'privacy.agree': '同意',
    'privacy.refuse': '暂不同意',
    'privacy.refused': '未完成：您没有同意隐私保护指引，所以本店没有{action}。再次询问时同意即可继续。',
    'privacy.dismiss': '知道了',
    'privacy.action.chooseImage': '从相册选择图片',
    'privacy.action.setClipboardData': '复制链接',
    'privacy.action.other': '执行此操作'
  }
})
