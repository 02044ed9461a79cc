import { requestSlots } from '@/api/requestSlots'

/** A call that stays on its way until the test settles it. */
function pending() {
  const calls: Array<{ name: string; settle(ok: boolean): void }> = []
  const make = (name: string) => () =>
    new Promise<string>((resolve, reject) => calls.push({ name, settle: (ok) => (ok ? resolve(name) : reject(new Error(name))) }))
  return { calls, make }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('requestSlots', () => {
  it.each([
    [1, 3],
    [2, 5],
    [10, 11],
    [10, 25]
  ])('with %i slots and %i calls, never more than the slots run at once, and all run in the order made', async (max, count) => {
    const run = requestSlots(max)
    const { calls, make } = pending()
    const answers = Array.from({ length: count }, (_, i) => run(make(`call ${i}`)))
    await tick()
    expect(calls.map((c) => c.name)).toEqual(Array.from({ length: Math.min(max, count) }, (_, i) => `call ${i}`))
    let settled = 0
    while (settled < count) {
      expect(calls.length - settled).toBeLessThanOrEqual(max)
      calls[settled].settle(true)
      settled += 1
      await tick()
    }
    expect(await Promise.all(answers)).toEqual(Array.from({ length: count }, (_, i) => `call ${i}`))
  })

  it('a failed call frees its slot and the caller gets the failure', async () => {
    const run = requestSlots(1)
    const { calls, make } = pending()
    const first = run(make('first'))
    const second = run(make('second'))
    await tick()
    expect(calls.map((c) => c.name)).toEqual(['first'])
    calls[0].settle(false)
    await expect(first).rejects.toThrow('first')
    await tick()
    expect(calls.map((c) => c.name)).toEqual(['first', 'second'])
    calls[1].settle(true)
    await expect(second).resolves.toBe('second')
  })

  it('a call that throws before it returns a promise frees its slot too', async () => {
    const run = requestSlots(1)
    await expect(run(() => { throw new Error('at once') })).rejects.toThrow('at once')
    await expect(run(async () => 'next')).resolves.toBe('next')
  })
})
