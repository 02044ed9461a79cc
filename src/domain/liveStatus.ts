import { LIVE_ROOMS_PATH } from '@shared/routes'

/** Spec §4 "Live status codes: 102 Upcoming (green tag), 101 Ongoing (red), 103 or 107 End (gray)". */
export type LiveStatusTag = { key: 'upcoming' | 'ongoing' | 'end'; color: 'green' | 'red' | 'gray' }

export function liveStatusTag(code: number | string | null | undefined): LiveStatusTag | null {
  switch (Number(code)) {
    case 102:
      return { key: 'upcoming', color: 'green' }
    case 101:
      return { key: 'ongoing', color: 'red' }
    case 103:
    case 107:
      return { key: 'end', color: 'gray' }
    default:
      return null
  }
}

/** Spec §2: "Tapping a room inside the mini-program opens /pages/livestream/livestream with roomId". */
export const LIVE_ROOM_PAGE = '/pages/livestream/livestream'

export function liveRoomPage(roomid: number | string): string {
  return `${LIVE_ROOM_PAGE}?roomId=${encodeURIComponent(String(roomid))}`
}

/** The store's own page of a room (the rooms list, the room named), the link its QR code carries. */
export function liveRoomLink(roomid: number | string): string {
  return `${LIVE_ROOMS_PATH}?roomId=${encodeURIComponent(String(roomid))}`
}
