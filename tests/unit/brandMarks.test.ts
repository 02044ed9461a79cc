import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { BRAND_MARKS, SERVED_BRAND_MARKS } from '@/assets/brandMarks'
import { contentApi } from '@/api/content'

// A mini-program build: no page origin, so the API's origin is built in (ISTORE_API_ORIGIN).
jest.mock('@/platform', () => ({ platform: { apiOrigin: () => 'https://shop.test' } }))
// The mini-programs' transport (reached through the API module) imports Taro, which this node test does not run.
jest.mock('@tarojs/taro', () => ({ __esModule: true, default: {} }))

const root = path.resolve(__dirname, '../..')
const script = path.join(root, 'scripts/make-brand-marks.mjs')
const generate = (...args: string[]) => execFileSync(process.execPath, [script, ...args], { encoding: 'utf8' })

describe('brand marks (src/assets/brandMarks.ts)', () => {
  it('is what scripts/make-brand-marks.mjs writes from the installed simple-icons', () => {
    expect(readFileSync(path.join(root, 'src/assets/brandMarks.ts'), 'utf8')).toBe(generate('--print'))
  })

  it('has a path and a six-digit colour for every mark', () => {
    for (const [name, mark] of Object.entries(BRAND_MARKS)) {
      expect([name, /^[0-9A-F]{6}$/.test(mark.hex)]).toEqual([name, true])
      expect([name, /^M[\d.\-\s,a-zA-Z]+$/.test(mark.path)]).toEqual([name, true])
    }
  })
})

describe('brand marks served as files (server/src/assets/brandMarks/)', () => {
  it('serves UnionPay, which simple-icons lacks, and nothing that is bundled', () => {
    expect(SERVED_BRAND_MARKS).toEqual(['unionpay'])
    for (const name of SERVED_BRAND_MARKS) expect(Object.keys(BRAND_MARKS)).not.toContain(name)
  })

  it.each(SERVED_BRAND_MARKS.map((name) => [name]))('%s.svg is what the script writes from the installed @iconify-json/logos', (name) => {
    const committed = readFileSync(path.join(root, `server/src/assets/brandMarks/${name}.svg`), 'utf8')
    expect(committed).toBe(generate('--print-served', name))
    // One svg element with its own size (an <img> needs a natural size) and the brand's colours, not one fill.
    expect(committed).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+">[^]*<\/svg>\n$/)
    expect(new Set(committed.match(/fill="#[0-9a-f]{6}"/g)).size).toBeGreaterThan(1)
  })

  it.each(Object.entries(BRAND_MARKS))('%s.svg (for the mini-programs) is its simple-icons path in its colour, as the script writes it', (name, mark) => {
    const committed = readFileSync(path.join(root, `server/src/assets/brandMarks/${name}.svg`), 'utf8')
    expect(committed).toBe(generate('--print-served', name))
    expect(committed).toBe(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#${mark.hex}" d="${mark.path}"/></svg>\n`)
  })

  it('serves exactly the marks the script writes (no stale file, none missing)', () => {
    const files = readdirSync(path.join(root, 'server/src/assets/brandMarks')).filter((file) => file.endsWith('.svg'))
    expect(files.sort()).toEqual([...Object.keys(BRAND_MARKS), ...SERVED_BRAND_MARKS].map((name) => `${name}.svg`).sort())
  })

  it('names its source, pinned version and licence beside the files (the README the script writes)', () => {
    const readme = readFileSync(path.join(root, 'server/src/assets/brandMarks/README.md'), 'utf8')
    expect(readme).toBe(generate('--print-readme'))
    const pinned = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).devDependencies['@iconify-json/logos']
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/)
    expect(readme).toContain(`\`@iconify-json/logos\` ${pinned}`)
    expect(readme).toContain('CC0-1.0')
    expect(readme).toContain('https://github.com/gilbarbara/logos')
    const simpleIcons = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).devDependencies['simple-icons']
    expect(readme).toContain(`\`simple-icons\` ${simpleIcons}`)
    for (const name of [...Object.keys(BRAND_MARKS), ...SERVED_BRAND_MARKS]) expect(readme).toContain(`| \`${name}.svg\` |`)
  })

  it('loads from an absolute URL on the API origin, which a mini-program needs', () => {
    expect(contentApi.brandMarkUrl('unionpay')).toBe('https://shop.test/api/istore/client/common3/brandMark/unionpay.svg')
    expect(contentApi.brandMarkUrl('wechat')).toBe('https://shop.test/api/istore/client/common3/brandMark/wechat.svg')
  })
})
