import { defineMessages } from '../define'

/**
 * The live-stream rooms page's texts (/wechatlivestreamrooms), registered by src/i18n/live.ts, which that page imports:
 * the home page shows only the entry to it (live.entry, live.entryText in ./shell.ts).
 */
export default defineMessages({
  en: {
    'live.title': 'Live streams',
    'live.loading': 'Loading the live streams…',
    'live.loadFailed': 'Could not load the live streams: {message}',
    'live.empty': 'No live streams at the moment. Please check back soon.',
    'live.anchor': 'Host: {name}',
    'live.status.upcoming': 'Upcoming',
    'live.status.ongoing': 'Ongoing',
    'live.status.end': 'End',
    'live.modal.title': 'Watch in the mini-program',
    'live.modal.text': 'Live streams play in our WeChat mini-program. To watch “{name}”, open this room in WeChat: scan its code, or copy its link.',
    'live.modal.qr': 'Scan the code with WeChat (Discover → Scan) to open the room on your phone.',
    'live.modal.qrLabel': 'QR code of the room “{name}”',
    'live.modal.copy': 'Copy link',
    'live.modal.copied': 'Link copied'
  },
  zh: {
    'live.title': '直播间',
    'live.loading': '正在加载直播间…',
    'live.loadFailed': '直播间加载失败：{message}',
    'live.empty': '暂时没有直播，请稍后再来看看。',
    'live.anchor': '主播：{name}',
    'live.status.upcoming': '预告',
    'live.status.ongoing': '直播中',
    'live.status.end': '已结束',
    'live.modal.title': '请在小程序中观看',
    'live.modal.text': '直播在本店微信小程序中播放。如需观看“{name}”，请在微信中打开此直播间：扫描二维码，或复制链接。',
    'live.modal.qr': '用微信“扫一扫”扫描此码，在手机上打开直播间。',
    'live.modal.qrLabel': '直播间“{name}”的二维码',
    'live.modal.copy': '复制链接',
    'live.modal.copied': '链接已复制'
  }
})
