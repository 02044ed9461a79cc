/** /store/influencers and /store/influencer/:id (API mocked at the http boundary): list, sort, paging, detail, like; en + zh. */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { InfluencerPage } from '@/features/influencers/api'
import type { Language } from '@/i18n'
import ListPage from '@/packages/store/pages/influencers/index'
import DetailPage from '@/packages/store/pages/influencer/index'
import { fail, mockHttp } from '@tests/support/mockHttp'
import { navigations } from '@tests/support/taroMock'
import { guest, LANGS, resetStores, signedIn } from '@tests/components/account/accountTestKit'
import { card, detail } from './influencerKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: { newest: 'Newest', likes: 'Most liked', more: 'Load more', empty: 'No influencers yet.', like: 'Like', liked: 'Liked', count1: '1 like', count0: '0 likes', notFound: 'This profile is not available.', tea: 'Longjing tea', bio: 'I <b>love</b> tea.', failed: 'Could not load: Database unavailable' },
  zh: { newest: '最新', likes: '最多赞', more: '加载更多', empty: '还没有达人。', like: '点赞', liked: '已赞', count1: '1 个赞', count0: '0 个赞', notFound: '该主页无法查看。', tea: '龙井茶', bio: '我<b>爱</b>茶。', failed: '加载失败：Database unavailable' }
}

const LIST = '/common3/influencerProfile/list'
const page = (ids: number[], hasMore: boolean, from = 0): InfluencerPage => ({
  profiles: ids.map((i) => card(String(i), `Influencer ${i}`, 20 - i)), startingPosition: from, numberToLoad: 12, hasMore
})

describe.each(LANGS)('influencer list (%s)', (lang) => {
  const text = TEXT[lang]
  beforeEach(() => resetStores(guest(), lang, '/store/influencers'))

  it('shows newest first, loads the next page from where it ended, sorts by likes, opens a profile', async () => {
    const http = mockHttp({
      [`GET ${LIST}`]: (req: { query: Record<string, string> }) => {
        if (req.query.sort === 'likes') return page([5, 1], false)
        return req.query.startingPosition === '0' ? page(Array.from({ length: 12 }, (_, i) => i + 1), true) : page([13], false, 12)
      }
    })
    const { container } = render(<ListPage />)
    expect(await screen.findByText('Influencer 1')).toBeInTheDocument()
    expect(screen.getByText(lang === 'en' ? 'Influencer 1 writes in English' : 'Influencer 1 的中文简介')).toBeInTheDocument()
    fireEvent.click(screen.getByText(text.more))
    expect(await screen.findByText('Influencer 13')).toBeInTheDocument()
    expect(container.querySelectorAll('.influencer-card')).toHaveLength(13)
    expect(screen.queryByText(text.more)).toBeNull()

    fireEvent.click(screen.getByText(text.likes))
    await waitFor(() => expect(container.querySelectorAll('.influencer-card')).toHaveLength(2))
    expect([...container.querySelectorAll('.influencer-card')].map((c) => c.getAttribute('data-influencer-id'))).toEqual(['5', '1'])
    expect(http.calls.map((c) => [c.query.sort, c.query.startingPosition])).toEqual([['newest', '0'], ['newest', '12'], ['likes', '0']])

    fireEvent.click(screen.getByText('Influencer 5'))
    expect(navigations).toEqual([{ kind: 'navigateTo', url: '/store/influencer/5' }])
  })

  it('empty, and a failure with a retry', async () => {
    let calls = 0
    mockHttp({ [`GET ${LIST}`]: () => (++calls === 1 ? fail(503, 'Database unavailable') : page([], false)) })
    render(<ListPage />)
    expect(await screen.findByText(text.failed)).toBeInTheDocument()
    fireEvent.click(screen.getByText(lang === 'en' ? 'Try again' : '重试'))
    expect(await screen.findByText(text.empty)).toBeInTheDocument()
  })
})

describe.each(LANGS)('influencer profile (%s)', (lang) => {
  const text = TEXT[lang]
  const DETAIL = '/common3/influencerProfile/detail/7'
  const LIKE = '/admin/userManagement/user/like/7/true'

  it('shows the profile with its words as plain text, picks that open their product page, and the server\'s like count', async () => {
    resetStores(signedIn(), lang, '/store/influencer/7')
    let likes = 0
    const http = mockHttp({
      [`GET ${DETAIL}`]: detail(),
      // The server counts one like per shopper, whatever the client sends.
      [`GET ${LIKE}`]: () => ({ liked: true, likes: (likes = 1) })
    })
    const { container } = render(<DetailPage />)
    expect(await screen.findByText('Lin Hua', { selector: '.influencer-profile__name' })).toBeInTheDocument()
    // User content is text: the tags show as typed and no element is made of them.
    expect(screen.getByText(text.bio)).toBeInTheDocument()
    expect(container.querySelector('.influencer-profile b, .influencer-profile script')).toBeNull()
    expect(screen.getByText('<script>alert(1)</script> 80 °C')).toBeInTheDocument()
    expect(container.querySelectorAll('.influencer-profile__photo')).toHaveLength(2)

    expect(screen.getByText(text.count0)).toBeInTheDocument()
    fireEvent.click(screen.getByText(text.like))
    expect(await screen.findByText(text.count1)).toBeInTheDocument()
    expect(screen.getByText(text.liked)).toBeInTheDocument()
    fireEvent.click(screen.getByText(text.liked))
    await waitFor(() => expect(http.calls.filter((c) => c.path === LIKE)).toHaveLength(2))
    expect(await screen.findByText(text.count1)).toBeInTheDocument()
    expect(likes).toBe(1)

    // Sharing carries the influencer's referral id.
    const share = jest.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    try {
      fireEvent.click(screen.getByRole('button', { name: lang === 'en' ? 'Share' : '分享' }))
      await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Lin Hua', url: `${window.location.origin}/store/influencer/7?ref=INFL0001` }))
    } finally {
      Reflect.deleteProperty(navigator, 'share')
    }

    const pick = screen.getByText(text.tea).closest('.influencer-pick') as HTMLElement
    expect(within(pick).getByText('$32.99')).toBeInTheDocument()
    fireEvent.click(pick)
    expect(navigations).toEqual([{ kind: 'navigateTo', url: '/store/product/3001' }])
  })

  it('a guest who likes is sent to sign in and back', async () => {
    resetStores(guest(), lang, '/store/influencer/7')
    const http = mockHttp({ [`GET ${DETAIL}`]: detail() })
    render(<DetailPage />)
    fireEvent.click(await screen.findByText(text.like))
    expect(navigations).toEqual([{ kind: 'navigateTo', url: '/account/login?redirect=%2Fstore%2Finfluencer%2F7' }])
    expect(http.calls.some((c) => c.path === LIKE)).toBe(false)
  })

  it('a profile that is not public (pending, suspended, unknown) is "not available"', async () => {
    resetStores(guest(), lang, '/store/influencer/7')
    mockHttp({ [`GET ${DETAIL}`]: fail(404, 'Influencer not found') })
    render(<DetailPage />)
    expect(await screen.findByText(text.notFound)).toBeInTheDocument()
  })
})
