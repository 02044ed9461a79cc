/**
 * Spec §2 /pages/livestream/livestream?roomId= (the mini-programs' room page): the room from the store's live list and
 * how this host shows it — WeChat's live-player plugin where the build declares it (opened at once, and again from the
 * page), otherwise the room with what to do.
 */
import { useCallback, useEffect, useRef } from 'react'
import { wechatApi, type LiveRoom } from '@/api/wechat'
import { platform } from '@/platform'
import { useLoad } from './useLoad'

/** WeChat pages its room list by at most 100 (contract/liveStream.ts); no spec call answers a single room. */
const ROOM_SEARCH_PAGE = 100

/** The room with this id from the store's live list, read page by page until it is found or the list ends; null if it is not there. */
export async function findLiveRoom(roomId: string): Promise<LiveRoom | null> {
  for (let start = 0; ; ) {
    const answer = await wechatApi.liveRoomsPage(start, ROOM_SEARCH_PAGE)
    const rooms = Array.isArray(answer?.room_info) ? answer.room_info : []
    const room = rooms.find((r) => String(r.roomid) === roomId)
    if (room) return room
    start += rooms.length
    if (rooms.length < ROOM_SEARCH_PAGE || (typeof answer?.total === 'number' && start >= answer.total)) return null
  }
}

export function useLiveRoom(roomId: string) {
  const load = useCallback(() => findLiveRoom(roomId), [roomId])
  const room = useLoad(load, roomId !== '')
  const player = platform.livePlayer
  const play = useCallback(() => void platform.playLiveRoom?.(roomId), [roomId])
  const opened = useRef(false)

  // The shopper tapped a room to watch it: with the plugin the room plays at once; back from it, this page remains.
  useEffect(() => {
    if (player !== 'plugin' || !roomId || opened.current) return
    opened.current = true
    play()
  }, [player, roomId, play])

  return { room, player, play }
}
