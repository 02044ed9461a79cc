import { familyNameFirst, fullName } from '@/domain/personName'

describe('a name in the shopper language: 姓 before 名 in Chinese', () => {
  it.each([
    ['Ada', 'Lovelace', 'en', 'Ada Lovelace'],
    ['Ada', 'Lovelace', 'zh', 'Lovelace Ada'],
    ['林', '陈', 'zh', '陈林'],
    ['小明', '欧阳', 'zh', '欧阳小明'],
    ['林', '陈', 'en', '林 陈'],
    ['Lin', '陈', 'zh', '陈 Lin'],
    [' Ada ', '', 'zh', 'Ada'],
    ['', 'Lovelace', 'en', 'Lovelace'],
    [null, undefined, 'zh', ''],
    ['', '', 'en', '']
  ] as const)('%p %p (%s) → %p', (first, last, language, name) => {
    expect(fullName(first, last, language)).toBe(name)
  })

  it('forms ask the family name first only in Chinese', () => {
    expect(familyNameFirst('zh')).toBe(true)
    expect(familyNameFirst('en')).toBe(false)
  })
})
