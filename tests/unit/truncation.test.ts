import { SUB_MENU_LABEL_MAX, TOP_MENU_LABEL_MAX, truncateLabel, truncateStoreName } from '@/domain/truncation'

describe('spec §9 "Label truncation: top menu 20 characters, submenu 24"', () => {
  it('uses the spec limits', () => {
    expect(TOP_MENU_LABEL_MAX).toBe(20)
    expect(SUB_MENU_LABEL_MAX).toBe(24)
  })

  it.each([
    ['a'.repeat(20), TOP_MENU_LABEL_MAX, 'a'.repeat(20)],
    ['a'.repeat(21), TOP_MENU_LABEL_MAX, `${'a'.repeat(20)}...`],
    ['b'.repeat(24), SUB_MENU_LABEL_MAX, 'b'.repeat(24)],
    ['b'.repeat(25), SUB_MENU_LABEL_MAX, `${'b'.repeat(24)}...`],
    ['', TOP_MENU_LABEL_MAX, ''],
    ['中'.repeat(20), TOP_MENU_LABEL_MAX, '中'.repeat(20)],
    ['中'.repeat(21), TOP_MENU_LABEL_MAX, `${'中'.repeat(20)}...`],
    // astral characters count once (a UTF-16 length check would cut this one)
    ['😀'.repeat(20), TOP_MENU_LABEL_MAX, '😀'.repeat(20)],
    ['𠀀'.repeat(25), SUB_MENU_LABEL_MAX, `${'𠀀'.repeat(24)}...`]
  ])('%p (max %p) → %p', (text, max, shown) => {
    expect(truncateLabel(text, max)).toBe(shown)
  })
})

describe('spec §9 "current store name 15/13 on screens narrower than 1024px, 20/18 otherwise"', () => {
  it.each([
    ['x'.repeat(15), 1023, 'x'.repeat(15)],
    ['x'.repeat(16), 1023, `${'x'.repeat(13)}...`],
    ['x'.repeat(16), 1024, 'x'.repeat(16)],
    ['x'.repeat(20), 1024, 'x'.repeat(20)],
    ['x'.repeat(21), 1024, `${'x'.repeat(18)}...`],
    ['x'.repeat(21), 1920, `${'x'.repeat(18)}...`],
    ['多伦多市中心旗舰店北区第一分店', 375, '多伦多市中心旗舰店北区第一分店'],
    ['多伦多市中心旗舰店北区第一分店二', 375, '多伦多市中心旗舰店北区第一...'],
    ['Downtown', 320, 'Downtown']
  ])('%p at %ipx → %p', (name, width, shown) => {
    expect(truncateStoreName(name, width)).toBe(shown)
  })
})
