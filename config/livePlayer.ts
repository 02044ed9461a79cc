/**
 * The build setting ISTORE_WECHAT_LIVE_PLAYER: the version of WeChat's live-player plugin the WeChat build declares
 * (e.g. 1.3.0; WeChat DevTools shows the newest). Plugins are fixed at build time and each needs the mini-program
 * account's approval, so none is declared unless this is set; then the room page (/pages/livestream/livestream) plays
 * rooms in the plugin, otherwise it shows the room and what to do (src/platform/index.weapp.ts livePlayer).
 */
export function livePlayerVersion(env: Record<string, string | undefined>): string {
  if (env.TARO_ENV !== 'weapp') return ''
  const version = env.ISTORE_WECHAT_LIVE_PLAYER ?? ''
  if (version && !/^\d+\.\d+\.\d+$/.test(version)) {
    throw new Error(`ISTORE_WECHAT_LIVE_PLAYER must be the live-player plugin's version, such as 1.3.0; it is "${version}"`)
  }
  return version
}

