/**
 * The mini-programs' privacy declaration (issue 41 item 1; scripts/privacy-declaration.mjs): every privacy API the code
 * calls has a declared purpose, docs/deploy.md's section is the generated one, and a privacy API the code starts to call
 * without a purpose is reported (the test that fails on an undeclared API).
 */
import path from 'node:path'
// @ts-expect-error: a plain ES module script, no types
import { apisUsed, declarationOf, problems, readDeclaration, sourceFiles } from '../../scripts/privacy-declaration.mjs'

const root = path.resolve(__dirname, '../..')

describe('privacy declaration', () => {
  it('every privacy API the source calls is declared, and docs/deploy.md shows the generated list', () => {
    const { found, text } = problems(root)
    expect(found).toEqual([])
    const doc: string = require('node:fs').readFileSync(path.join(root, 'docs/deploy.md'), 'utf8')
    expect(doc).toContain(text)
  })

  it('finds the privacy APIs the app calls today on both builds: the album and the clipboard', () => {
    const declared = declarationOf(readDeclaration(root), apisUsed(sourceFiles(root)))
    for (const platform of declared) {
      expect(platform.declared.map((a: { api: string }) => a.api)).toEqual(['chooseImage', 'setClipboardData'])
      expect(platform.others).toContain('makePhoneCall')
    }
  })

  it('a privacy API called without a declared purpose fails, on the builds that call it', () => {
    const files = [
      ...sourceFiles(root),
      { path: 'src/features/stores/nearest.ts', text: 'export const here = () => Taro.getLocation({ type: "gcj02" })' },
      { path: 'src/platform/phone.weapp.ts', text: '<Button openType="getPhoneNumber|agreePrivacyAuthorization" />' }
    ]
    const { found } = problems(root, files)
    expect(found).toEqual([
      expect.stringMatching(/^weapp: getLocation .* src\/features\/stores\/nearest\.ts/),
      expect.stringMatching(/^weapp: open-type:getPhoneNumber .* src\/platform\/phone\.weapp\.ts/),
      expect.stringMatching(/^alipay: getLocation .* src\/features\/stores\/nearest\.ts/)
    ])
  })

  it('a call in a comment is not a call', () => {
    const files = [{ path: 'src/x.ts', text: '// Taro.getLocation() one day\n/* wx.chooseAddress */ export {}' }]
    expect(problems(root, files).found).toEqual([])
  })
})
