/**
 * Spec §2 live-stream rooms page: the rooms from wechat/weChatlivestreaminfo, 10 at a time from start 0 and the next
 * 10 on reaching the bottom (spec §7, §9; loading, empty, error with retry), and what a tap does — the host
 * mini-program's live-stream page where there is one (platform.openMiniProgramPage), otherwise the room waits in
 * `unavailable` for the "scan the QR code or open in the mini-program" modal.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { wechatApi, type LiveRoom } from '@/api/wechat'
import { LIVE_LIST_LIMIT } from '@shared/productQuery'
import { messageOf } from '@/domain/errors'
import { liveRoomPage } from '@/domain/liveStatus'
import { platform } from '@/platform'

export type LiveRoomsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'empty' }
  | { status: 'ready'; rooms: LiveRoom[]; hasMore: boolean; loadingMore: boolean; moreError: string | null }

const roomsOf = (answer: { room_info?: LiveRoom[] } | null | undefined) => (Array.isArray(answer?.room_info) ? answer.room_info : [])

/** Another page exists while fewer rooms than `total` are shown and the last page was full. */
const hasMoreRooms = (shown: number, total: unknown, lastPage: number) =>
  lastPage >= LIVE_LIST_LIMIT && (typeof total !== 'number' || shown < total)

export function useLiveRooms() {
  const [state, setState] = useState<LiveRoomsState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [unavailable, setUnavailable] = useState<LiveRoom | null>(null)
  const mounted = useRef(true)
  const busy = useRef(false)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  useEffect(() => {
    let live = true
    busy.current = false
    setState({ status: 'loading' })
    wechatApi.liveRooms(0).then(
      (answer) => {
        if (!live) return
        const rooms = roomsOf(answer)
        setState(
          rooms.length
            ? { status: 'ready', rooms, hasMore: hasMoreRooms(rooms.length, answer?.total, rooms.length), loadingMore: false, moreError: null }
            : { status: 'empty' }
        )
      },
      (err) => live && setState({ status: 'error', message: messageOf(err) })
    )
    return () => {
      live = false
    }
  }, [attempt])

  const loadMore = useCallback(() => {
    if (state.status !== 'ready' || !state.hasMore || busy.current) return
    busy.current = true
    const shown = state.rooms
    const round = attempt
    setState({ ...state, loadingMore: true, moreError: null })
    wechatApi.liveRooms(shown.length).then(
      (answer) => {
        busy.current = false
        if (!mounted.current || round !== attempt) return
        const page = roomsOf(answer).filter((r) => !shown.some((have) => have.roomid === r.roomid))
        const rooms = [...shown, ...page]
        setState({ status: 'ready', rooms, hasMore: hasMoreRooms(rooms.length, answer?.total, roomsOf(answer).length), loadingMore: false, moreError: null })
      },
      (err) => {
        busy.current = false
        if (!mounted.current || round !== attempt) return
        setState({ status: 'ready', rooms: shown, hasMore: true, loadingMore: false, moreError: messageOf(err) })
      }
    )
  }, [state, attempt])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])

  const open = useCallback((room: LiveRoom) => {
    void platform.openMiniProgramPage(liveRoomPage(room.roomid)).then((opened) => {
      if (!opened && mounted.current) setUnavailable(room)
    })
  }, [])

  const closeUnavailable = useCallback(() => setUnavailable(null), [])

  return { state, retry, loadMore, open, unavailable, closeUnavailable }
}
