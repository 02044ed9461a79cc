import { livePlayerPlugins } from './domain/livePlayer'
import { LIVE_ROOM_PAGE } from './domain/liveStatus'
import { pageLayout } from './domain/routes'

const { pages, subPackages: areas } = pageLayout(process.env.TARO_ENV !== 'h5')
// WeChat's live-player plugin, when the build declares it (config/livePlayer.ts), belongs to the room page's sub-package.
const livePlayer = process.env.TARO_ENV === 'weapp' ? livePlayerPlugins(ISTORE_WECHAT_LIVE_PLAYER) : undefined
const roomRoot = LIVE_ROOM_PAGE.slice(1, LIVE_ROOM_PAGE.lastIndexOf('/'))
const subPackages = areas.map((p) => (livePlayer && p.root === roomRoot ? { ...p, plugins: livePlayer } : p))

export default defineAppConfig({
  pages,
  subPackages,
  // The spec preloads the lazy areas after first load; a room's page (mini-programs only) once the rooms list is open.
  preloadRule: {
    'pages/home/index': { network: 'all', packages: subPackages.map((p) => p.root).filter((root) => root !== roomRoot) },
    ...(subPackages.some((p) => p.root === roomRoot) ? { 'pages/wechatlivestreamrooms/index': { network: 'all', packages: [roomRoot] } } : {})
  },
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: 'iStore',
    navigationBarTextStyle: 'black'
  },
  animation: false
})
