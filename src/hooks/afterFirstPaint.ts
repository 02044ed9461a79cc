/**
 * The mini-programs draw the whole home page in its first render (afterFirstPaint.h5.ts defers its lower part on H5):
 * there a second render is a second setData, and no browser's main thread is blocked by the first.
 */
export function useAfterFirstPaint(ready: boolean): boolean {
  return ready
}
