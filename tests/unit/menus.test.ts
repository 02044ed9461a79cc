import { localizedName, menuNameOfPath, toggleSubMenu } from '@/domain/menus'

describe('spec "Sub-menus expand/collapse by +/- toggles, one open at a time"', () => {
  it.each([
    [null, 0, 0],
    [null, 3, 3],
    [0, 0, null],
    [0, 2, 2],
    [2, 0, 0],
    [2, 2, null]
  ])('open %p, toggle %i → open %p', (open, index, next) => {
    expect(toggleSubMenu(open, index)).toBe(next)
  })
})

describe('spec "nameContent by language (falls back to name)"', () => {
  it.each([
    [{ name: 'Shoes', nameContent: { en: 'Shoes EN', zh: '鞋' } }, 'zh', '鞋'],
    [{ name: 'Shoes', nameContent: { en: 'Shoes EN', zh: '鞋' } }, 'en', 'Shoes EN'],
    [{ name: 'Shoes', nameContent: { en: 'Shoes EN' } }, 'zh', 'Shoes'],
    [{ name: 'Shoes', nameContent: { zh: '  ' } }, 'zh', 'Shoes'],
    [{ name: 'Shoes' }, 'zh', 'Shoes'],
    [{ name: 'Shoes', nameContent: null }, 'en', 'Shoes']
  ])('%o in %s → %p', (item, lang, name) => {
    expect(localizedName(item, lang)).toBe(name)
  })
})

describe('menuNameOfPath: the name a menu gives a list page', () => {
  const menus = [
    { name: 'Shop', subMenu: [{ name: 'Gifts', nameContent: { zh: '礼品' }, link: 'tag/gift', linkActionType: 'INTERNAL_LINK' as const }] },
    { name: 'New Arrivals', nameContent: { en: 'New Arrivals', zh: '新品' }, link: 'tag/new', linkActionType: 'INTERNAL_LINK' as const },
    { name: 'Elsewhere', link: 'https://example.com/tag/new', linkActionType: 'EXTERNAL_LINK' as const }
  ]
  it.each([
    ['/store/tag/new', 'zh', '新品'],
    ['/store/tag/gift', 'zh', '礼品'],
    ['/store/tag/gift', 'en', 'Gifts'],
    ['/store/tag/other', 'en', null]
  ])('%s in %s → %p', (path, lang, name) => {
    expect(menuNameOfPath(menus, path, lang)).toBe(name)
  })
})
