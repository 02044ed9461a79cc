import { defineMessages } from '@shared/i18n/define'

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
    'live.modal.copied': 'Link copied',
    'live.room.title': 'Live room',
    'live.room.loading': 'Loading the live room…',
    'live.room.missing': 'This live room is no longer in the store’s list.',
    'live.room.starts': 'Starts {time}',
    'live.room.started': 'Started {time}',
    'live.room.ended': 'Ended {time}',
    'live.room.watch': 'Watch the live stream',
    'live.room.playerHint': 'The stream plays in WeChat’s live player. Come back here when you close it.',
    'live.room.noPlayer': 'This version of the mini-program has no live player, so the stream cannot play here. The products it presents are in the store.',
    'live.room.inWeChat': 'Live streams play in WeChat. To watch “{name}”, open WeChat, search for the store’s mini-program, then open Live streams and this room.',
    'live.room.upcomingHint': 'It has not started yet: come back at the start time.',
    'live.room.endedHint': 'This live stream is over.',
    'live.room.allRooms': 'All live streams',
    'live.room.shop': 'Shop the store'
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
    'live.modal.copied': '链接已复制',
    'live.room.title': '直播间',
    'live.room.loading': '正在加载直播间…',
    'live.room.missing': '本店的直播列表中已没有这个直播间。',
    'live.room.starts': '开播时间：{time}',
    'live.room.started': '已于 {time} 开播',
    'live.room.ended': '已于 {time} 结束',
    'live.room.watch': '观看直播',
    'live.room.playerHint': '直播在微信直播播放器中播放，关闭后会回到此页。',
    'live.room.noPlayer': '此版本的小程序没有直播播放器，无法在这里播放。直播介绍的商品都可以在商店中找到。',
    'live.room.inWeChat': '直播在微信中播放。如需观看“{name}”，请打开微信，搜索本店的小程序，进入“直播间”后打开此直播间。',
    'live.room.upcomingHint': '直播尚未开始，请在开播时间回来观看。',
    'live.room.endedHint': '本场直播已结束。',
    'live.room.allRooms': '全部直播',
    'live.room.shop': '去逛商店'
  }
})
