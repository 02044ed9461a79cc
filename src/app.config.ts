import { livePlayerPlugins } from './domain/livePlayer'
import { pageLayout } from '../shared/pageLayout'

const { pages, subPackages: areas } = pageLayout(process.env.TARO_ENV !== 'h5')
// WeChat's live-player plugin, when the build declares it (config/livePlayer.ts), belongs to the room page's sub-package.
const livePlayer = process.env.TARO_ENV === 'weapp' ? livePlayerPlugins(ISTORE_WECHAT_LIVE_PLAYER) : undefined
// The room page's sub-package (LIVE_ROOM_PAGE, src/domain/liveStatus.ts: not imported, it would join the main package).
const roomRoot = 'pages/livestream'
const subPackages = areas.map((p) => (livePlayer && p.root === roomRoot ? { ...p, plugins: livePlayer } : p))

export default defineAppConfig({
  pages,
  subPackages,
  // The spec preloads the lazy areas after first load.
  preloadRule: {
    'pages/home/index': { network: 'all', packages: subPackages.map((p) => p.root) }
  },
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: 'iStore',
    navigationBarTextStyle: 'black'
  },
  animation: false,
  // WeChat only: inject a page's components when it renders, not all at start (its code-quality check's
  // LAZYCODE_LOADING_OPEN, scripts/check-weapp-quality.mjs). Alipay has no such setting.
  ...(process.env.TARO_ENV === 'weapp' ? { lazyCodeLoading: 'requiredComponents' } : {}),
  // Alipay turns its privacy authorization on only with this (隐私信息授权; WeChat's is always on since 2023-09-15): the
  // store's own prompt then answers it (platform/privacy.alipay.ts).
  ...(process.env.TARO_ENV === 'alipay' ? ({ usePrivacyCheck: true } as Record<string, unknown>) : {})
})
