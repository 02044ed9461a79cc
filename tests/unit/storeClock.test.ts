import { relativeDay, storeDate, storeTime } from '@/domain/storeClock'

describe('the store clock', () => {
  it.each([
    // 03:30 GMT is still the evening before in Toronto (UTC-5) and already the morning in Shanghai (UTC+8)
    [{ now: '2026-11-24T03:30:00.000Z', offsetMinutes: -300 }, '2026-11-23', '22:30', '2026-11-24'],
    [{ now: '2026-11-24T03:30:00.000Z', offsetMinutes: 480 }, '2026-11-24', '11:30', '2026-11-25'],
    [{ now: '2026-12-31T23:59:00.000Z', offsetMinutes: 0 }, '2026-12-31', '23:59', '2027-01-01'],
    [{ now: '2026-03-01T04:00:00.000Z', offsetMinutes: -240 }, '2026-03-01', '00:00', '2026-03-02']
  ])('%j: store date %s, time %s, tomorrow %s', (clock, today, time, tomorrow) => {
    expect(storeDate(clock)).toBe(today)
    expect(storeTime(clock)).toBe(time)
    expect(storeDate(clock, 1)).toBe(tomorrow)
  })

  const toronto = { now: '2026-11-24T03:30:00.000Z', offsetMinutes: -300 }
  it.each([
    ['2026-11-23', toronto, 'today'],
    ['2026-11-24', toronto, 'tomorrow'],
    ['2026-11-25', toronto, null],
    ['2026-11-23', null, null]
  ])('%s with %j is %s', (date, clock, day) => {
    expect(relativeDay(date, clock)).toBe(day)
  })
})
