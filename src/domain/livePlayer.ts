/**
 * WeChat's live-player plugin (its fixed app id, from WeChat's "Mini Program Live" guide), which plays a room on its
 * own page, opened by room_id. A WeChat build has it only when its app.json declares it (config/livePlayer.ts); only
 * the WeChat build imports this module.
 */
export const LIVE_PLAYER_PROVIDER = 'wx2b03c6e691cd7370'

export function livePlayerPage(roomid: number | string): string {
  return `plugin-private://${LIVE_PLAYER_PROVIDER}/pages/live-player-plugin?room_id=${encodeURIComponent(String(roomid))}`
}

/** The app.json `plugins` entry of the room page's sub-package for a plugin version ('' = none declared). */
export function livePlayerPlugins(version: string): Record<string, { version: string; provider: string }> | undefined {
  return version ? { 'live-player-plugin': { version, provider: LIVE_PLAYER_PROVIDER } } : undefined
}
