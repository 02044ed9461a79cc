import { provinceName } from '@/domain/provinces'

describe('provinceName: store location province codes in words', () => {
  it.each([
    ['ON', 'en', 'Ontario'],
    ['ON', 'zh', '安大略省'],
    ['bc', 'en', 'British Columbia'],
    [' QC ', 'zh', '魁北克省'],
    ['Guangdong', 'en', 'Guangdong'],
    ['', 'en', '']
  ] as const)('%j in %s → %j', (code, language, expected) => {
    expect(provinceName(code, language)).toBe(expected)
  })
})
