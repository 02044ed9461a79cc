import { liveRoomPage, liveStatusTag } from '@/domain/liveStatus'

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
