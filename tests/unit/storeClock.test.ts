import { relativeDay, storeDate, storeDateLabel, storeTime } from '@/domain/storeClock'

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

  it.each([
    ['2026-11-27', 'en', 'Fri, Nov 27'],
    ['2026-11-27', 'zh', '11月27日'],
    ['2026-11-27 10:00', 'en', 'Fri, Nov 27, 10:00'],
    ['2026-11-27 10:00', 'zh', '11月27日 10:00'],
    ['2030-01-07 09:05', 'en', 'Mon, Jan 7, 09:05'],
    ['2028-02-29', 'en', 'Tue, Feb 29'],
    // not a store date: shown as it came rather than as a wrong day
    ['2026-02-30', 'en', '2026-02-30'],
    ['soon', 'zh', 'soon']
  ] as const)('%s reads %s as %s', (value, language, label) => {
    expect(storeDateLabel(value, language)).toBe(label)
  })
})
