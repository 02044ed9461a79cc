import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { BRAND_MARKS } from '@/assets/brandMarks'

describe('brand marks (src/assets/brandMarks.ts)', () => {
  it('is what scripts/make-brand-marks.mjs writes from the installed simple-icons', () => {
    const script = path.resolve(__dirname, '../../scripts/make-brand-marks.mjs')
    const generated = execFileSync(process.execPath, [script, '--print'], { encoding: 'utf8' })
    expect(readFileSync(path.resolve(__dirname, '../../src/assets/brandMarks.ts'), 'utf8')).toBe(generated)
  })

  it('has a path and a six-digit colour for every mark', () => {
    for (const [name, mark] of Object.entries(BRAND_MARKS)) {
      expect([name, /^[0-9A-F]{6}$/.test(mark.hex)]).toEqual([name, true])
      expect([name, /^M[\d.\-\s,a-zA-Z]+$/.test(mark.path)]).toEqual([name, true])
    }
  })
})
