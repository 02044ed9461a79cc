/** /user/influencer (API mocked at the http boundary): status views, apply with a picture and picks, reorder, errors; en + zh. */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { InfluencerProfileInput } from '@/features/influencers/api'
import type { Language } from '@/i18n'
import InfluencerPage from '@/packages/user/pages/influencer/index'
import { fail, mockHttp, type MockHttp } from '@tests/support/mockHttp'
import { product } from '@tests/support/fixtures/catalog'
import { LANGS, resetStores, signedIn, type, valueOf } from '@tests/components/account/accountTestKit'
import { img, mine, status, TEMPLATE, version } from './influencerKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    notApplied: 'Not applied', apply: 'Apply to be an influencer', intro: 'Share your favourite products with other shoppers.', pending: 'Waiting for review',
    approved: 'Approved', rejected: 'Not approved', suspended: 'Suspended', edit: 'Edit profile', reviewPending: 'Your latest changes are waiting for review.',
    reason: 'Reason from the store: Add a photo, please', likes: '12 likes', suspendedNote: 'Your profile is hidden from shoppers.',
    addImage: 'Add picture', addPicks: 'Add "My picks"', addStory: 'Add "My story"', search: 'Search', add: 'Add', save: 'Submit for review',
    saved: 'Saved. The store will review your profile.', moveUp: 'Move up', moveRight: 'Move right', deleteImage: 'Delete picture',
    nameRequired: 'Enter a display name in at least one language.', bioRequired: 'Write a bio in at least one language.', picksEmpty: 'Section 1: add at least one product.',
    viewPublic: 'View my public profile', uploadFailed: 'The picture was not accepted: The image must be a PNG, JPEG, GIF or WebP image',
    coffee: 'House coffee', nameZh: 'Display name (Chinese)', titleZh: 'Section title (Chinese)'
  },
  zh: {
    notApplied: '未申请', apply: '申请成为达人', intro: '与其他顾客分享您喜爱的商品。', pending: '等待审核',
    approved: '已通过', rejected: '未通过', suspended: '已暂停', edit: '编辑主页', reviewPending: '您最近的修改正在等待审核',
    reason: '门店说明：Add a photo, please', likes: '12 个赞', suspendedNote: '您的主页已对顾客隐藏',
    addImage: '添加图片', addPicks: '添加“我的精选”', addStory: '添加“我的故事”', search: '搜索', add: '添加', save: '提交审核',
    saved: '已提交，门店将审核您的主页。', moveUp: '上移', moveRight: '右移', deleteImage: '删除图片',
    nameRequired: '请至少用一种语言填写显示名称。', bioRequired: '请至少用一种语言填写简介。', picksEmpty: '第 1 个栏目：请至少添加一件商品。',
    viewPublic: '查看我的公开主页', uploadFailed: '图片未被接受：The image must be a PNG, JPEG, GIF or WebP image',
    coffee: '招牌咖啡', nameZh: '显示名称（中文）', titleZh: '栏目标题（中文）'
  }
}

const STATUS = '/admin/userManagement/influencer/status'
const PROFILE = '/admin/userManagement/influencerProfile'
const UPLOAD = '/admin/userManagement/image/influencer/upload'

function api(routes: Record<string, unknown>): MockHttp {
  return mockHttp({ 'GET /common3/sectionTemplateByType/influencer': TEMPLATE, ...routes })
}

let chosen: string[]
beforeEach(() => {
  chosen = []
  Object.assign(Taro, { chooseImage: jest.fn(async () => ({ tempFilePaths: [`blob:pic-${chosen.push('x')}`], tempFiles: [] })) })
})

const sentBody = (http: MockHttp, method: string) => http.calls.filter((c) => c.method === method && c.path === PROFILE).map((c) => c.body as InfluencerProfileInput)

describe.each(LANGS)('influencer status (%s)', (lang) => {
  const text = TEXT[lang]
  beforeEach(() => resetStores(signedIn(), lang, '/user/influencer'))

  it('not applied: says so, explains, offers to apply; the profile is not asked for', async () => {
    const http = api({ [`GET ${STATUS}`]: status() })
    render(<InfluencerPage />)
    expect(await screen.findByText(text.notApplied)).toBeInTheDocument()
    expect(screen.getByText(text.intro, { exact: false })).toBeInTheDocument()
    expect(screen.getByText(text.apply)).toBeInTheDocument()
    expect(http.calls.some((c) => c.path === PROFILE)).toBe(false)
  })

  it('rejected: shows the reviewer\'s reason and lets the shopper change the profile', async () => {
    const s = status({ status: 'REJECTED', review: 'REJECTED', id: '5', reason: 'Add a photo, please' })
    api({ [`GET ${STATUS}`]: s, [`GET ${PROFILE}`]: mine(s), 'GET /productManagement/product/3001': product({ id: '3001' }) })
    render(<InfluencerPage />)
    expect(await screen.findByText(text.rejected)).toBeInTheDocument()
    expect(screen.getByText(text.reason)).toBeInTheDocument()
    fireEvent.click(screen.getByText(text.edit))
    await waitFor(() => expect(document.querySelector('[name="displayName"]')?.getAttribute('value')).toBe('Mei eats'))
    // The saved pick shows by its name, not its id.
    expect(await screen.findByText(lang === 'en' ? 'Product 3001' : '商品 3001')).toBeInTheDocument()
  })

  it('approved with a change under review: likes, the note, a link to the public profile', async () => {
    const s = status({ status: 'APPROVED', review: 'PENDING', id: '5', likes: 12 })
    api({ [`GET ${STATUS}`]: s, [`GET ${PROFILE}`]: mine(s, version(), version()) })
    render(<InfluencerPage />)
    expect(await screen.findByText(text.approved)).toBeInTheDocument()
    expect(screen.getByText(text.likes)).toBeInTheDocument()
    expect(screen.getByText(text.reviewPending, { exact: false })).toBeInTheDocument()
    expect(screen.getByText(text.viewPublic)).toBeInTheDocument()
  })

  it('suspended: says so and offers no editing', async () => {
    const s = status({ status: 'SUSPENDED', review: 'NONE', id: '5' })
    api({ [`GET ${STATUS}`]: s, [`GET ${PROFILE}`]: mine(s, version(), version()) })
    render(<InfluencerPage />)
    expect(await screen.findByText(text.suspended)).toBeInTheDocument()
    expect(screen.getByText(text.suspendedNote, { exact: false })).toBeInTheDocument()
    expect(screen.queryByText(text.edit)).toBeNull()
  })
})

describe.each(LANGS)('influencer editor (%s)', (lang) => {
  const text = TEXT[lang]
  beforeEach(() => resetStores(signedIn(), lang, '/user/influencer'))

  it('applies with a picture and a "my picks" section found by search; sections move with buttons; the answer shows PENDING', async () => {
    let uploads = 0
    const http = api({
      [`GET ${STATUS}`]: status(),
      [`POST ${UPLOAD}`]: () => ({ id: img(++uploads).slice(5), image: img(uploads) }),
      'GET /productManagement2/products/search/coffee': { products: [product({ id: '3001', en: 'House coffee', zh: '招牌咖啡' })], startingPosition: 0, numberToLoad: 6, hasMore: false },
      [`POST ${PROFILE}`]: (req: { data: InfluencerProfileInput }) => mine(status({ status: 'PENDING', review: 'PENDING', id: '9' }), req.data)
    })
    const { container } = render(<InfluencerPage />)
    fireEvent.click(await screen.findByText(text.apply))
    await type(container, 'displayName', 'Mei eats')
    await type(container, 'displayNameZh', '美食小梅')
    await type(container, 'bioEn', 'I cook <b>noodles</b>.')

    fireEvent.click(screen.getByText(text.addImage))
    await waitFor(() => expect(container.querySelectorAll('.influencer-editor__gallery-item')).toHaveLength(1))
    fireEvent.click(screen.getByText(text.addImage))
    await waitFor(() => expect(container.querySelectorAll('.influencer-editor__gallery-item')).toHaveLength(2))
    // The first picture moves right with a button.
    fireEvent.click(within(container.querySelector('.influencer-editor__gallery-item') as HTMLElement).getByText(text.moveRight))

    fireEvent.click(screen.getByText(text.addStory))
    fireEvent.click(screen.getByText(text.addPicks))
    await type(container, 'sectionText0', 'Slow mornings.')
    // The story's titles start as the template's, in both languages; the owner rewrites the Chinese one.
    expect([valueOf(container, 'sectionTitle0'), valueOf(container, 'sectionTitleZh0')]).toEqual(['My story', '我的故事'])
    await type(container, 'sectionTitleZh0', '慢慢的早晨')
    await type(container, 'pickSearch1', 'coffee')
    fireEvent.click(screen.getByText(text.search))
    const result = await screen.findByText(text.coffee)
    fireEvent.click(within(result.parentElement as HTMLElement).getByText(text.add))
    await waitFor(() => expect(container.querySelector('.influencer-editor__pick')?.getAttribute('data-product-id')).toBe('3001'))
    // "My picks" moves above "My story".
    fireEvent.click(within(container.querySelectorAll('.influencer-editor__section')[1] as HTMLElement).getByText(text.moveUp))

    fireEvent.click(screen.getByText(text.save))
    expect(await screen.findByText(text.saved)).toBeInTheDocument()
    expect(screen.getByText(text.pending)).toBeInTheDocument()
    const [body] = sentBody(http, 'POST')
    expect(body.displayName).toBe('Mei eats')
    expect(body.displayNameContent).toEqual({ en: 'Mei eats', zh: '美食小梅' })
    expect(body.bio).toEqual({ en: 'I cook <b>noodles</b>.', zh: '' })
    expect(body.gallery).toEqual([img(2), img(1)])
    expect(body.sections).toEqual([
      { template: 'my-picks', kind: 'picks', title: 'My picks', titleContent: { en: 'My picks', zh: '我的精选' }, productIds: ['3001'] },
      { template: 'story', kind: 'text', title: 'My story', titleContent: { en: 'My story', zh: '慢慢的早晨' }, text: 'Slow mornings.' }
    ])
    expect(http.calls.filter((c) => c.path === UPLOAD)).toHaveLength(2)
  })

  it('a saved name line and section titles in en and zh are prefilled; what the owner changes is sent, an emptied Chinese title falls back to the plain one', async () => {
    const s = status({ status: 'APPROVED', review: 'NONE', id: '5' })
    const saved = version({
      displayNameContent: { en: 'Mei eats', zh: '美食小梅' },
      sections: [
        { template: 'my-picks', kind: 'picks', title: 'Noodle night', titleContent: { en: 'Noodle night', zh: '面条之夜' }, productIds: ['3001'] },
        { template: 'story', kind: 'text', title: '我的故事', titleContent: { en: '', zh: '我的故事' }, text: 'Slow mornings.' }
      ]
    })
    const http = api({
      [`GET ${STATUS}`]: s,
      [`GET ${PROFILE}`]: mine(s, saved, saved),
      'GET /productManagement/product/3001': product({ id: '3001' }),
      [`PUT ${PROFILE}`]: (req: { data: InfluencerProfileInput }) => mine({ ...s, review: 'PENDING' }, req.data, saved)
    })
    const { container } = render(<InfluencerPage />)
    fireEvent.click(await screen.findByText(text.edit))
    await waitFor(() => expect(valueOf(container, 'displayNameZh')).toBe('美食小梅'))
    const shown = (names: string[]) => names.map((name) => valueOf(container, name))
    expect(shown(['displayName', 'sectionTitle0', 'sectionTitleZh0', 'sectionTitle1', 'sectionTitleZh1'])).toEqual(['Mei eats', 'Noodle night', '面条之夜', '', '我的故事'])
    expect(screen.getByText(text.nameZh)).toBeInTheDocument()
    expect(screen.getAllByText(text.titleZh)).toHaveLength(2)

    // The owner writes the name in Chinese only, titles the story in English too, and empties the first Chinese title.
    await type(container, 'displayName', '')
    await type(container, 'sectionTitle1', 'My story')
    await type(container, 'sectionTitleZh0', '')
    fireEvent.click(screen.getByText(text.save))
    await screen.findByText(text.saved)
    const [body] = sentBody(http, 'PUT')
    expect([body.displayName, body.displayNameContent]).toEqual(['美食小梅', { en: '', zh: '美食小梅' }])
    expect(body.sections.map((x) => [x.title, x.titleContent])).toEqual([
      ['Noodle night', undefined],
      ['My story', { en: 'My story', zh: '我的故事' }]
    ])
  })

  it('says what is missing before sending anything', async () => {
    const http = api({ [`GET ${STATUS}`]: status() })
    render(<InfluencerPage />)
    fireEvent.click(await screen.findByText(text.apply))
    // The form is open: Apply is not offered again above it (issue 42 n-10).
    await waitFor(() => expect(screen.queryByText(text.apply)).toBeNull())
    fireEvent.click(await screen.findByText(text.addPicks))
    fireEvent.click(screen.getByText(text.save))
    await screen.findAllByRole('alert')
    const alert = document.querySelector('.influencer-editor .account-form__error') as HTMLElement
    expect(within(alert).getByText(text.nameRequired)).toBeInTheDocument()
    expect(within(alert).getByText(text.bioRequired)).toBeInTheDocument()
    expect(within(alert).getByText(text.picksEmpty)).toBeInTheDocument()
    // Each field's own message under it, the field marked invalid and described by it (the browser's focus goes to the
    // first: tests/e2e/minors.test.mjs).
    for (const [name, message] of [['displayName', text.nameRequired], ['bioEn', text.bioRequired]]) {
      const box = document.querySelector(`.field--invalid [name="${name}"]`)?.closest('.account-field') as HTMLElement
      expect(box).toBeTruthy()
      expect(within(box).getByRole('alert')).toHaveTextContent(message)
    }
    expect(sentBody(http, 'POST')).toHaveLength(0)
  })

  it('deleting a gallery picture deletes it on the server; a refused upload says why', async () => {
    const s = status({ status: 'APPROVED', review: 'NONE', id: '5' })
    const http = api({
      [`GET ${STATUS}`]: s,
      [`GET ${PROFILE}`]: mine(s, version({ gallery: [img(1), img(2)] }), version()),
      'GET /productManagement/product/3001': product({ id: '3001' }),
      [`DELETE /admin/userManagement/image/influencer/delete/${img(1).slice(5)}`]: { ok: true },
      [`POST ${UPLOAD}`]: fail(415, 'The image must be a PNG, JPEG, GIF or WebP image'),
      [`PUT ${PROFILE}`]: (req: { data: InfluencerProfileInput }) => mine({ ...s, review: 'PENDING' }, req.data, version())
    })
    const { container } = render(<InfluencerPage />)
    fireEvent.click(await screen.findByText(text.edit))
    await waitFor(() => expect(container.querySelectorAll('.influencer-editor__gallery-item')).toHaveLength(2))
    await screen.findByText(lang === 'en' ? 'Product 3001' : '商品 3001')
    fireEvent.click(within(container.querySelector('.influencer-editor__gallery-item') as HTMLElement).getByText(text.deleteImage))
    await waitFor(() => expect(container.querySelectorAll('.influencer-editor__gallery-item')).toHaveLength(1))
    expect(http.calls.some((c) => c.method === 'DELETE')).toBe(true)

    fireEvent.click(screen.getByText(text.addImage))
    expect(await screen.findByText(text.uploadFailed)).toBeInTheDocument()
    expect(container.querySelectorAll('.influencer-editor__gallery-item')).toHaveLength(1)

    fireEvent.click(screen.getByText(text.save))
    await screen.findByText(text.saved)
    expect(sentBody(http, 'PUT')[0].gallery).toEqual([img(2)])
  })
})
