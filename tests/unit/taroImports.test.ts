/**
 * Which Taro components come from where (statically, from the sources). On H5, config h5.useHtmlComponents makes
 * '@tarojs/components' hand out Taro's HTML components; the store takes Button and the form components from
 * src/components/taro (web components on H5, kept out of the first load) and images with alternative text from Img.
 */
import { readFileSync } from 'fs'
import path from 'path'
import { filesUnder, isTypeScript } from '../support/sourceFiles'

const src = path.resolve(__dirname, '..', '..', 'src')
const OWN = path.join(src, 'components', 'taro')
const FROM_OWN = ['Button', 'Checkbox', 'Input', 'Label', 'Picker', 'RichText', 'Textarea', 'Image']
/** The mini-program LazyImage is Taro's Image itself (H5 has LazyImage.h5.tsx, a plain <img>). */
const IMAGE_ALLOWED = [path.join(src, 'components', 'common', 'LazyImage.tsx')]

const sources = (dir: string) => filesUnder(dir, isTypeScript, (folder) => folder === OWN)

function namesFromTaro(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/import\s+(?!type\s)\{([^}]*)\}\s+from\s+'@tarojs\/components'/g)].flatMap((m) =>
    m[1].split(',').map((n) => n.trim().split(/\s+as\s+/)[0]).filter(Boolean)
  )
}

describe('Taro component imports', () => {
  const files = sources(src)

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(100)
    expect(files.some((f) => namesFromTaro(f).includes('View'))).toBe(true)
  })

  it.each(FROM_OWN)('%s comes from src/components/taro, not @tarojs/components', (name) => {
    const offenders = files
      .filter((f) => !(name === 'Image' && IMAGE_ALLOWED.includes(f)))
      .filter((f) => namesFromTaro(f).includes(name))
      .map((f) => path.relative(src, f))
    expect(offenders).toEqual([])
  })
})
