/**
 * Spec §2 live-stream rooms page: the rooms from wechat/weChatlivestreaminfo (loading, empty, error with retry), and
 * what a tap does — the host mini-program's live-stream page where there is one (platform.openMiniProgramPage),
 * otherwise the room waits in `unavailable` for the "scan the QR code or open in the mini-program" modal.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { wechatApi, type LiveRoom } from '@/api/wechat'
import { messageOf } from '@/domain/errors'
import { liveRoomPage } from '@/domain/liveStatus'
import { platform } from '@/platform'

export type LiveRoomsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'empty' }
  | { status: 'ready'; rooms: LiveRoom[] }

export function useLiveRooms() {
  const [state, setState] = useState<LiveRoomsState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [unavailable, setUnavailable] = useState<LiveRoom | null>(null)
  const mounted = useRef(true)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  useEffect(() => {
    let live = true
    setState({ status: 'loading' })
    wechatApi.liveRooms().then(
      (answer) => {
        if (!live) return
        const rooms = Array.isArray(answer?.room_info) ? answer.room_info : []
        setState(rooms.length ? { status: 'ready', rooms } : { status: 'empty' })
      },
      (err) => live && setState({ status: 'error', message: messageOf(err) })
    )
    return () => {
      live = false
    }
  }, [attempt])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])

  const open = useCallback((room: LiveRoom) => {
    void platform.openMiniProgramPage(liveRoomPage(room.roomid)).then((opened) => {
      if (!opened && mounted.current) setUnavailable(room)
    })
  }, [])

  const closeUnavailable = useCallback(() => setUnavailable(null), [])

  return { state, retry, open, unavailable, closeUnavailable }
}
