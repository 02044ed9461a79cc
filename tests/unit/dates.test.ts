import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const VALUES = [
  '2026-11-27T06:05:09.123Z',
  '2026-11-27T23:59:59Z',
  '2026-01-01T00:00:00.000z',
  '2026-11-27T06:05:09+02:00',
  '2026-11-27T06:05:09.5-05:30',
  '2026-11-27T06:05:09',
  '2026-11-27 06:05',
  '2026-11-27',
  '2026-11',
  '2026/3/7 9:4',
  '20261127',
  '0999-12-31T10:00:00Z',
  'Fri, 27 Nov 2026 06:05:09 GMT',
  '',
  'yesterday'
]

/**
 * Each value through formatLocalDate and through dayjs, in a node of its own whose time zone is `zone` (a test cannot
 * change the zone of the process it runs in), so a zoneless string read as UTC, or a UTC one as local time, shows.
 */
const datesModule = ts.transpileModule(readFileSync(path.resolve(__dirname, '..', '..', 'src', 'domain', 'dates.ts'), 'utf8'), {
  compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 }
}).outputText

function formatIn(zone: string): { ours: string[]; dayjs: string[] } {
  const script = `
    const { formatLocalDate } = (() => { const exports = {}; ${datesModule}; return exports })()
    const dayjs = require('dayjs')
    const values = ${JSON.stringify(VALUES)}
    console.log(JSON.stringify({
      ours: values.flatMap((v) => [formatLocalDate(v), formatLocalDate(v, true)]),
      dayjs: values.flatMap((v) => [dayjs(v).format('YYYY-MM-DD'), dayjs(v).format('YYYY-MM-DD HH:mm')])
    }))`
  const out = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, TZ: zone } })
  return JSON.parse(out)
}

describe('formatLocalDate: API dates in the device time zone, as dayjs read and wrote them', () => {
  it.each(['Asia/Shanghai', 'America/New_York', 'UTC'])('%s: the same text as dayjs for every kind of value', (zone) => {
    const { ours, dayjs } = formatIn(zone)
    expect(ours).toEqual(dayjs)
  })

  it('shows a UTC time in the zone, and a date without a time as that day', () => {
    const { ours } = formatIn('Asia/Shanghai')
    const at = (value: string, withTime: boolean) => ours[VALUES.indexOf(value) * 2 + (withTime ? 1 : 0)]
    expect(at('2026-11-27T23:59:59Z', true)).toBe('2026-11-28 07:59')
    expect(at('2026-11-27', false)).toBe('2026-11-27')
    expect(at('2026-11-27', true)).toBe('2026-11-27 00:00')
    expect(at('yesterday', true)).toBe('Invalid Date')
  })
})
