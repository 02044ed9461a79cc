import { livePlayerPage, livePlayerPlugins } from '@/domain/livePlayer'
import { liveRoomPage, liveStatusTag } from '@/domain/liveStatus'
import { livePlayerVersion } from '../../config/livePlayer'

describe('spec "Live status codes: 102 Upcoming (green tag), 101 Ongoing (red), 103 or 107 End (gray)"', () => {
  it.each([
    [102, { key: 'upcoming', color: 'green' }],
    [101, { key: 'ongoing', color: 'red' }],
    [103, { key: 'end', color: 'gray' }],
    [107, { key: 'end', color: 'gray' }],
    ['101', { key: 'ongoing', color: 'red' }],
    [104, null],
    [105, null],
    [0, null],
    [undefined, null],
    [null, null]
  ])('%p → %o', (code, tag) => {
    expect(liveStatusTag(code)).toEqual(tag)
  })
})

describe('spec "Tapping a room inside the mini-program opens /pages/livestream/livestream with roomId"', () => {
  it.each([
    [1201, '/pages/livestream/livestream?roomId=1201'],
    ['7', '/pages/livestream/livestream?roomId=7'],
    ['a&b=c', '/pages/livestream/livestream?roomId=a%26b%3Dc']
  ])('%p → %s', (roomid, path) => {
    expect(liveRoomPage(roomid)).toBe(path)
  })
})

describe("WeChat's live-player plugin, declared only when the build setting names its version", () => {
  it('opens a room on the plugin page by room_id (WeChat Mini Program Live guide)', () => {
    expect(livePlayerPage(1202)).toBe('plugin-private://wx2b03c6e691cd7370/pages/live-player-plugin?room_id=1202')
  })

  it('declares the plugin with its provider app id for a version, nothing without one', () => {
    expect(livePlayerPlugins('1.3.0')).toEqual({ 'live-player-plugin': { version: '1.3.0', provider: 'wx2b03c6e691cd7370' } })
    expect(livePlayerPlugins('')).toBeUndefined()
  })

  it.each([
    [{ TARO_ENV: 'weapp', ISTORE_WECHAT_LIVE_PLAYER: '1.3.0' }, '1.3.0'],
    [{ TARO_ENV: 'weapp' }, ''],
    [{ TARO_ENV: 'alipay', ISTORE_WECHAT_LIVE_PLAYER: '1.3.0' }, ''],
    [{ TARO_ENV: 'h5', ISTORE_WECHAT_LIVE_PLAYER: '1.3.0' }, '']
  ])('%o → %p', (env, version) => {
    expect(livePlayerVersion(env)).toBe(version)
  })

  it.each(['latest', '1.3', ' 1.3.0', 'wx2b03c6e691cd7370'])('refuses %p as a version', (setting) => {
    expect(() => livePlayerVersion({ TARO_ENV: 'weapp', ISTORE_WECHAT_LIVE_PLAYER: setting })).toThrow('ISTORE_WECHAT_LIVE_PLAYER must be')
  })
})
