/**
 * The size gate itself (bench/check-budgets.mjs), on a small fake build: it passes within budget and
 * fails, naming the package, as soon as one thing grows past its budget. The real dist/ is checked by
 * scripts/test.sh after the builds.
 */
import { spawnSync } from 'child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs'
import { tmpdir } from 'os'
import path from 'path'

const script = path.resolve(__dirname, '../../bench/check-budgets.mjs')
let dist: string

function write(file: string, content: string | Buffer) {
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, content)
}

/** Bytes that gzip poorly, so gzip sizes stay close to raw sizes. */
function noise(bytes: number, seed: number): string {
  let x = seed
  let out = ''
  while (out.length < bytes) {
    x = (x * 1103515245 + 12345) & 0x7fffffff
    out += x.toString(36)
  }
  return out.slice(0, bytes)
}

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'budgets-'))
  // H5 as Taro emits it: index.html loads vendors + app; app's router loads the entry page's chunk.
  write(path.join(dist, 'h5/index.html'), '<script defer="defer" src="/js/507.aaaaaaaa.js"></script><script defer="defer" src="/js/app.bbbbbbbb.js"></script>')
  write(path.join(dist, 'h5/js/507.aaaaaaaa.js'), noise(20_000, 1))
  write(path.join(dist, 'h5/js/app.bbbbbbbb.js'), `ee.routes=[Object.assign({"path":"pages/home/index","load":function(a,o){return[s.e(111).then(s.bind(s,5111)),a,o]}})];${noise(10_000, 2)}`)
  write(path.join(dist, 'h5/js/111.cccccccc.js'), noise(5_000, 3))
  write(path.join(dist, 'h5/js/222.dddddddd.js'), noise(50_000, 4)) // a lazy page: not first-load
  // The back office's build writes its own sizes (scripts/build-admin.mjs).
  write(path.join(dist, 'admin/sizes.json'), JSON.stringify({ signIn: { gzip: 250_000 }, desk: { gzip: 390_000 } }))
  for (const platform of ['weapp', 'alipay']) {
    write(path.join(dist, platform, 'app.json'), JSON.stringify({ pages: ['pages/home/index'], subPackages: [{ root: 'packages/store', pages: ['pages/index/index'] }] }))
    write(path.join(dist, platform, 'app.js'), noise(30_000, 5))
    write(path.join(dist, platform, 'app.js.map'), noise(90_000, 6)) // source maps are not uploaded
    write(path.join(dist, platform, 'packages/store/pages/index/index.js'), noise(8_000, 7))
  }
})

afterAll(() => rmSync(dist, { recursive: true, force: true }))

function check(budgets: object) {
  const file = path.join(dist, 'budgets.json')
  writeFileSync(file, JSON.stringify(budgets))
  return spawnSync(process.execPath, [script, '--dist', dist, '--budgets', file], { encoding: 'utf8' })
}

const roomy = {
  h5: { firstLoadJsGzip: 40_000 },
  admin: { signInJsGzip: 275_000, deskJsGzip: 418_000 },
  weapp: { mainPackage: 40_000, subPackage: 10_000 },
  alipay: { mainPackage: 40_000, subPackage: 10_000 }
}

describe('size budgets', () => {
  it('passes when every size is within its budget, counting the entry page chunk but not lazy pages or source maps', () => {
    const res = check(roomy)
    expect(res.stderr).toBe('')
    expect(res.status).toBe(0)
    expect(res.stdout).toMatch(/ok {4}H5 first-load JS \(gzip\)/)
    expect(res.stdout).toMatch(/ok {4}weapp sub-package packages\/store: 7\.8 KB/)
  })

  it('fails when the H5 first-load JS grows past its budget', () => {
    const res = check({ ...roomy, h5: { firstLoadJsGzip: 20_000 } })
    expect(res.status).toBe(1)
    expect(res.stdout).toMatch(/OVER {2}H5 first-load JS \(gzip\)/)
  })

  it("fails when the back office's sign-in load grows past its budget", () => {
    const res = check({ ...roomy, admin: { signInJsGzip: 200_000, deskJsGzip: 418_000 } })
    expect(res.status).toBe(1)
    expect(res.stdout).toMatch(/OVER {2}back office's sign-in load \(gzip\)/)
    expect(res.stdout).not.toMatch(/OVER {2}back office's desk/)
  })

  it('fails when a mini-program sub-package grows past its budget', () => {
    const res = check({ ...roomy, alipay: { mainPackage: 40_000, subPackage: 7_000 } })
    expect(res.status).toBe(1)
    expect(res.stdout).toMatch(/OVER {2}alipay sub-package packages\/store/)
    expect(res.stdout).not.toMatch(/OVER {2}weapp/)
  })

  it('fails when a main package grows past its budget', () => {
    const res = check({ ...roomy, weapp: { mainPackage: 29_000, subPackage: 10_000 } })
    expect(res.status).toBe(1)
    expect(res.stdout).toMatch(/OVER {2}weapp main package/)
  })
})
