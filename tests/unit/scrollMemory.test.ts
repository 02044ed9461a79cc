import { nextTry, RESTORE_TRIES, SCROLL_MEMORY_MS, scrolled, scrollMemory, startRestore, type Restore } from '@/domain/scrollMemory'

const NOW = Date.UTC(2026, 10, 27, 5, 0)

describe('scroll memory', () => {
  it('recalls the last position of each list, 0 for one never scrolled or back at the top', () => {
    const memory = scrollMemory()
    memory.remember('/store/search shoes', 840.4, NOW)
    memory.remember('/user/orders orders', 300, NOW)
    memory.remember('/user/orders orders', 0, NOW)
    expect(memory.recall('/store/search shoes', NOW)).toBe(840)
    expect(memory.recall('/user/orders orders', NOW)).toBe(0)
    expect(memory.recall('/store list', NOW)).toBe(0)
  })

  it('a position is worth restoring for a while only (a checkout and payment, not the next visit)', () => {
    const memory = scrollMemory()
    memory.remember('/store list', 600, NOW)
    expect(memory.recall('/store list', NOW + SCROLL_MEMORY_MS)).toBe(600)
    expect(memory.recall('/store list', NOW + SCROLL_MEMORY_MS + 1)).toBe(0)
  })

  it('what is kept on the device comes back after a restart; anything else stored there is ignored', () => {
    const memory = scrollMemory()
    memory.remember('/store list', 600, NOW)
    memory.remember('/user/orders orders', 250, NOW + 1)
    const restarted = scrollMemory(JSON.parse(JSON.stringify(memory.saved())))
    expect(restarted.recall('/store list', NOW)).toBe(600)
    expect(restarted.recall('/user/orders orders', NOW)).toBe(250)
    for (const junk of [null, 'x', {}, [['a', -5, NOW]], [['a', 100, 'then']], [[7, 100, NOW]]]) {
      expect(scrollMemory(junk).saved()).toEqual([])
    }
  })

  it('forgets the least recently scrolled list beyond its limit', () => {
    const memory = scrollMemory([], 2)
    memory.remember('a', 100, NOW)
    memory.remember('b', 200, NOW)
    memory.remember('a', 150, NOW)
    memory.remember('c', 300, NOW)
    expect([memory.recall('a', NOW), memory.recall('b', NOW), memory.recall('c', NOW)]).toEqual([150, 0, 300])
  })
})

describe('restoring a position', () => {
  it('starts only for a position below the top', () => {
    expect(startRestore(0)).toBeNull()
    expect(startRestore(500)).toEqual({ top: 500, tries: 0, awaiting: false })
  })

  it(`tries at most ${RESTORE_TRIES} times`, () => {
    let restore: Restore | null = startRestore(500)
    const tries: number[] = []
    while ((restore = nextTry(restore))) tries.push(restore.tries)
    expect(tries).toEqual(Array.from({ length: RESTORE_TRIES }, (_, i) => i + 1))
    expect(nextTry(null)).toBeNull()
  })

  const trying: Restore = { top: 500, tries: 1, awaiting: true }
  const waiting: Restore = { top: 500, tries: 1, awaiting: false }
  it.each([
    ['nothing to restore: the shopper scrolled', null, 120, null, true],
    ['the try got there', trying, 500, null, true],
    ['the try got there, rounding', trying, 499.5, null, true],
    ['the try was cut short by a list not yet long enough', trying, 320, waiting, false],
    ['the shopper scrolled while the list was still growing', waiting, 200, null, true],
    ['the shopper scrolled past it', waiting, 900, null, true]
  ] as const)('%s', (_, restore, top, next, remember) => {
    expect(scrolled(restore, top)).toEqual({ restore: next, remember })
  })
})
