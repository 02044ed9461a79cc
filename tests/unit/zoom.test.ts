import { CLICK_ZOOM, nextZoom, pinchScale, ZOOM_MAX, ZOOM_MIN } from '@/domain/zoom'

// Issue 42 n-2: the full-screen gallery's zoom.
describe('a click zooms in, and again back out', () => {
  it.each([
    [1, CLICK_ZOOM],
    [CLICK_ZOOM, 1],
    [2, 1],
    [ZOOM_MAX, 1]
  ])('at %p → %p', (scale, next) => expect(nextZoom(scale)).toBe(next))
})

describe('a pinch scales the zoom it started at by how far the fingers moved, within 1 and 4', () => {
  it.each([
    ['fingers twice as far apart', 1, 100, 200, 2],
    ['apart again from 2', 2, 100, 150, 3],
    ['closer, back to the whole picture', 2, 200, 100, 1],
    ['closer than the whole picture stops at 1', 1, 200, 50, ZOOM_MIN],
    ['further than 4 stops at 4', 3, 100, 400, ZOOM_MAX],
    ['no distance to start from keeps the zoom', 2, 0, 100, 2],
    ['a distance that is not a number keeps the zoom', 2, 100, Number.NaN, 2]
  ])('%s', (_, start, from, to, expected) => expect(pinchScale(start, from, to)).toBe(expected))
})
