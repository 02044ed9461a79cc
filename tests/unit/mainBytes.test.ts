/**
 * The bench's "where the main package's bytes go" (bench/lib/mainBytes.mjs), on a small fake mini-program build:
 * files outside the sub-packages, each module factory measured as emitted, a concatenated factory shared by size,
 * the chunk wrapper counted apart, styles shared by size, and a stats file older than the build refused.
 */
import { spawnSync } from 'child_process'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'fs'
import { tmpdir } from 'os'
import path from 'path'

const lib = path.resolve(__dirname, '../../bench/lib/mainBytes.mjs')
let work: string
let dir: string

function write(file: string, content: string) {
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, content)
}

const A = 'function(e,t,r){r.d(t,{a:function(){return"from a"}})}'
const AB = 'function(e,t,r){var n="package and b";t.x=n+n+n+n+n+n+n+n+n+n}'
const WRAPPER = ['"use strict";(wx.webpackJsonp=wx.webpackJsonp||[]).push([[76],{', '11:', A, ',12:', AB, '}]);']
const STYLE = '.a{color:red}.b{color:blue;margin:0 auto;padding:0 12rpx}'

const stats = {
  chunks: [
    {
      names: ['common'],
      files: ['common.js', 'common.wxss'],
      modules: [
        { id: 11, name: './src/a.ts', size: 100 },
        {
          id: 12,
          name: './node_modules/pkg/index.js + 1 modules',
          size: 300,
          modules: [
            { name: './node_modules/pkg/index.js', size: 100 },
            { name: './src/b.ts', size: 200 }
          ]
        },
        { id: 13, name: '../node_modules/mini-css-extract-plugin/dist/loader.js!./src/a.scss', size: 50 },
        { id: 14, name: './src/b.scss', size: 150 }
      ]
    },
    { names: ['packages/store/pages/index/index'], files: ['packages/store/pages/index/index.js'], modules: [{ id: 99, name: './src/store.ts', size: 10 }] }
  ]
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'main-bytes-'))
  dir = path.join(work, 'dist')
  write(path.join(dir, 'app.json'), JSON.stringify({ pages: ['pages/home/index'], subPackages: [{ root: 'packages/store', pages: ['pages/index/index'] }] }))
  write(path.join(dir, 'common.js'), WRAPPER.join(''))
  write(path.join(dir, 'common.wxss'), STYLE)
  write(path.join(dir, 'base.wxml'), '<template name="tmpl_0_0"><view/></template>')
  write(path.join(dir, 'common.js.map'), '{}')
  write(path.join(dir, 'packages/store/pages/index/index.js'), '(wx.webpackJsonp=wx.webpackJsonp||[]).push([[5],{99:function(){}}]);')
  write(path.join(work, 'stats.json'), JSON.stringify(stats))
})

afterAll(() => rmSync(work, { recursive: true, force: true }))

function breakdown(statsFile: string | null) {
  const code = `import(${JSON.stringify(lib)}).then((m) => console.log(JSON.stringify(m.mainPackageBreakdown(${JSON.stringify(dir)}, ${JSON.stringify(statsFile)}))))`
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(run.stderr)
  return JSON.parse(run.stdout) as { files: { file: string; bytes: number }[]; modules: { module: string; bytes: number }[] | null; modulesNote: string }
}

const bytesOf = (result: ReturnType<typeof breakdown>, module: string) => result.modules?.find((m) => m.module === module)?.bytes

describe('where the main package bytes go', () => {
  it('lists the main package files only, largest first, without source maps or sub-packages', () => {
    const { files } = breakdown(null)
    expect(files.map((f) => f.file).sort()).toEqual(['app.json', 'base.wxml', 'common.js', 'common.wxss'])
    expect(files.map((f) => f.bytes)).toEqual(files.map((f) => f.bytes).sort((a, b) => b - a))
    expect(files.find((f) => f.file === 'common.js')?.bytes).toBe(WRAPPER.join('').length)
  })

  it('measures each module factory as emitted and shares a concatenated one by size', () => {
    const result = breakdown(path.join(work, 'stats.json'))
    expect(bytesOf(result, 'src/a.ts')).toBe(`11:${A}`.length)
    const ab = `12:${AB}`.length
    expect(bytesOf(result, 'pkg')).toBe(Math.round(ab / 3))
    expect(bytesOf(result, 'src/b.ts')).toBe(Math.round((ab * 2) / 3))
    expect(bytesOf(result, '(webpack runtime and chunk wrappers)')).toBe(WRAPPER.join('').length - `11:${A}`.length - ab)
    expect(bytesOf(result, 'src/store.ts')).toBeUndefined()
  })

  it('shares a style file among its style modules by size', () => {
    const result = breakdown(path.join(work, 'stats.json'))
    expect(bytesOf(result, 'src/a.scss')).toBe(Math.round(STYLE.length / 4))
    expect(bytesOf(result, 'src/b.scss')).toBe(Math.round((STYLE.length * 3) / 4))
  })

  it('refuses stats older than the build', () => {
    const old = path.join(work, 'old-stats.json')
    write(old, JSON.stringify(stats))
    const hourAgo = new Date(Date.now() - 3600_000)
    utimesSync(old, hourAgo, hourAgo)
    const result = breakdown(old)
    expect(result.modules).toBeNull()
    expect(result.modulesNote).toMatch(/older than the build/)
  })
})
