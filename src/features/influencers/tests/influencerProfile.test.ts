/** Issue 14: the profile editor's rules (sections from the store's template, moving with buttons, server checks). */
import { addPick, emptyProfile, moveItem, PICKS_MAX, profileProblems, sectionFrom, uploadIdOf } from '@/features/influencers/influencerProfile'

describe('moveItem: "each section reorderable with buttons"', () => {
  it.each([
    [['a', 'b', 'c'], 0, 1, ['b', 'a', 'c']],
    [['a', 'b', 'c'], 2, -1, ['a', 'c', 'b']],
    [['a', 'b', 'c'], 1, -1, ['b', 'a', 'c']],
    [['a', 'b', 'c'], 0, -1, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 2, 1, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 5, -1, ['a', 'b', 'c']],
    [[], 0, 1, []]
  ])('%j: item %i by %i → %j', (list, index, delta, expected) => {
    expect(moveItem(list, index, delta)).toEqual(expected)
  })

  it('never changes the list it was given', () => {
    const list = ['a', 'b']
    moveItem(list, 0, 1)
    expect(list).toEqual(['a', 'b'])
  })
})

describe('sectionFrom: "sections built from the store\'s section templates"', () => {
  it.each([
    [{ id: 'my-picks', block: 'picks' as const, title: { en: 'My picks', zh: '我的精选' } }, 'zh' as const, { template: 'my-picks', kind: 'picks', title: '我的精选', productIds: [] }],
    [{ id: 'story', block: 'text' as const, title: { en: 'My story' } }, 'zh' as const, { template: 'story', kind: 'text', title: 'My story', text: '' }],
    [{ id: 'photo', block: 'image' as const, title: {} }, 'en' as const, { template: 'photo', kind: 'image', title: '' }]
  ])('%j in %s', (block, language, expected) => {
    expect(sectionFrom(block, language)).toEqual(expected)
  })
})

describe('addPick', () => {
  const picks = { template: 'my-picks', kind: 'picks' as const, title: '', productIds: ['1'] }
  it('adds a product once', () => {
    expect(addPick(picks, '2').productIds).toEqual(['1', '2'])
    expect(addPick(picks, '1').productIds).toEqual(['1'])
  })
  it(`stops at ${PICKS_MAX}`, () => {
    const full = { ...picks, productIds: Array.from({ length: PICKS_MAX }, (_, i) => String(i)) }
    expect(addPick(full, 'x').productIds).toHaveLength(PICKS_MAX)
  })
})

describe('profileProblems: what the server refuses, found before saving', () => {
  const ok = { ...emptyProfile(), displayName: 'Mei', bio: { en: '', zh: '我做面条' } }
  it.each([
    ['a complete profile', ok, []],
    ['no name, no bio', emptyProfile(), [{ field: 'displayName' }, { field: 'bio' }]],
    ['ten gallery images', { ...ok, gallery: Array.from({ length: 10 }, (_, i) => `user/${i}`) }, [{ field: 'gallery' }]],
    [
      'empty sections',
      {
        ...ok,
        sections: [
          { template: 'my-picks', kind: 'picks' as const, title: '', productIds: [] },
          { template: 'story', kind: 'text' as const, title: '', text: '  ' },
          { template: 'photo', kind: 'image' as const, title: '' },
          { template: 'story', kind: 'text' as const, title: '', text: 'ok' }
        ]
      },
      [{ field: 'section', index: 0, kind: 'picks' }, { field: 'section', index: 1, kind: 'text' }, { field: 'section', index: 2, kind: 'image' }]
    ],
    ['a javascript: link', { ...ok, socialLinks: [{ label: 'x', url: 'javascript:alert(1)' }] }, [{ field: 'link', index: 0 }]]
  ])('%s', (_name, profile, expected) => {
    expect(profileProblems(profile)).toEqual(expected)
  })
})

it('uploadIdOf takes the id out of an image name', () => {
  expect(uploadIdOf(`user/${'a'.repeat(32)}`)).toBe('a'.repeat(32))
})
