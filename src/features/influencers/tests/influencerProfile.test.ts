/** Issue 14: the profile editor's rules (sections from the store's template, moving with buttons, server checks). */
import {
  addPick,
  editableProfile,
  emptyProfile,
  moveItem,
  PICKS_MAX,
  profileBody,
  problemField,
  type ProfileProblem,
  profileProblems,
  rewrite,
  sectionFrom,
  uploadIdOf
} from '@/features/influencers/influencerProfile'

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
    [
      { id: 'my-picks', block: 'picks' as const, title: { en: 'My picks', zh: '我的精选' } },
      { template: 'my-picks', kind: 'picks', title: 'My picks', titleContent: { en: 'My picks', zh: '我的精选' }, productIds: [] }
    ],
    [{ id: 'story', block: 'text' as const, title: { zh: '我的故事' } }, { template: 'story', kind: 'text', title: '我的故事', titleContent: { en: '', zh: '我的故事' }, text: '' }],
    [{ id: 'photo', block: 'image' as const, title: {} }, { template: 'photo', kind: 'image', title: '', titleContent: { en: '', zh: '' } }]
  ])('%j', (block, expected) => {
    expect(sectionFrom(block)).toEqual(expected)
  })
})

describe('the name line and section titles in en and zh', () => {
  it.each([
    ['en written', undefined, 'en' as const, 'Mei', { en: 'Mei', zh: '' }, 'Mei'],
    ['zh added', { en: 'Mei', zh: '' }, 'zh' as const, '小梅', { en: 'Mei', zh: '小梅' }, 'Mei'],
    ['en cleared: the zh one is the plain text', { en: 'Mei', zh: '小梅' }, 'en' as const, ' ', { en: ' ', zh: '小梅' }, '小梅'],
    ['both empty', { en: 'Mei', zh: '' }, 'en' as const, '', { en: '', zh: '' }, '']
  ])('rewrite: %s', (_name, content, language, text, expected, plain) => {
    expect(rewrite(content, language, text)).toEqual({ content: expected, plain })
  })

  const picks = { template: 'my-picks', kind: 'picks' as const, productIds: ['1'] }
  it('a saved version opens with both languages; one without them has its plain text in en', () => {
    const saved = {
      ...emptyProfile(),
      displayName: 'Mei',
      sections: [
        { ...picks, title: 'Noodles' },
        { ...picks, title: '我的精选', titleContent: { en: '', zh: '我的精选' } }
      ]
    }
    const form = editableProfile(saved)
    expect(form.displayNameContent).toEqual({ en: 'Mei', zh: '' })
    expect(form.sections.map((s) => s.titleContent)).toEqual([{ en: 'Noodles', zh: '' }, { en: '', zh: '我的精选' }])
    expect(editableProfile({ ...saved, displayName: '小梅', displayNameContent: { en: '', zh: '小梅' } }).displayNameContent).toEqual({ en: '', zh: '小梅' })
  })

  it.each([
    ['en only: the plain texts alone', { en: 'Mei', zh: ' ' }, { en: 'Noodles', zh: '' }, false],
    ['en and zh: both sent', { en: 'Mei', zh: '小梅' }, { en: 'Noodles', zh: '面条' }, true],
    ['zh only: sent with an empty en', { en: '', zh: '小梅' }, { en: '', zh: '面条' }, true]
  ])('profileBody, %s', (_name, name, title, sent) => {
    const body = profileBody({ ...emptyProfile(), displayName: 'x', displayNameContent: name, sections: [{ ...picks, title: 'x', titleContent: title }] })
    expect(body.displayNameContent).toEqual(sent ? name : undefined)
    expect(body.sections[0].titleContent).toEqual(sent ? title : undefined)
    expect('displayNameContent' in body).toBe(sent)
    expect('titleContent' in body.sections[0]).toBe(sent)
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

// Issue 42 n-10: a refused save names its first field, which takes the focus, and each message stands under its field.
describe('problemField: the field a problem is shown under', () => {
  it.each<[ProfileProblem, string | null]>([
    [{ field: 'displayName' }, 'displayName'],
    [{ field: 'bio' }, 'bioEn'],
    [{ field: 'link', index: 2 }, 'linkLabel2'],
    [{ field: 'section', index: 1, kind: 'text' }, 'sectionText1'],
    [{ field: 'section', index: 0, kind: 'picks' }, null],
    [{ field: 'gallery' }, null]
  ])('%j → %p', (problem, field) => expect(problemField(problem)).toBe(field))
})
