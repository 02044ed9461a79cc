/**
 * Issue 29 M-2: an influencer's name line and section titles in the shopper's language, else the other one, else the
 * plain text (API mocked at the http boundary); en + zh.
 */
import { render, screen } from '@testing-library/react'
import type { Language } from '@/i18n'
import ListPage from '@/packages/store/pages/influencers/index'
import DetailPage from '@/packages/store/pages/influencer/index'
import { mockHttp } from '@tests/support/mockHttp'
import { LANGS, resetStores, signedIn } from '@tests/components/account/accountTestKit'
import { card, detail } from './influencerKit'

const NAME = { en: 'Emma Chen · Morning coffee', zh: '陈艾玛 · 晨间咖啡' }
const PICKS = { en: 'Weekend breakfast', zh: '周末早餐' }
/** What each language shows: both languages given; only zh given; neither (the plain title). */
const SHOWN: Record<Language, { name: string; titles: string[] }> = {
  en: { name: 'Emma Chen · Morning coffee', titles: ['Weekend breakfast', '我的泡法', 'Photo notes'] },
  zh: { name: '陈艾玛 · 晨间咖啡', titles: ['周末早餐', '我的泡法', 'Photo notes'] }
}

const bilingualDetail = () =>
  detail({
    displayName: NAME.en,
    displayNameContent: NAME,
    sections: [
      { kind: 'picks', title: PICKS.en, titleContent: PICKS, picks: [{ id: '3001', name: { en: 'Longjing tea', zh: '龙井茶' }, image: 'longjing.svg', price: 3299, currency: 'CAD' }] },
      { kind: 'text', title: '我的泡法', titleContent: { en: '', zh: '我的泡法' }, text: '80 °C' },
      { kind: 'image', title: 'Photo notes', image: 'user/0123456789abcdef0123456789abcdef' }
    ]
  })

describe.each(LANGS)('influencer texts in the shopper\'s language (%s)', (lang) => {
  it('the profile shows the name line and each section title in this language, the other when missing, the plain one without any', async () => {
    resetStores(signedIn(), lang, '/store/influencer/7')
    mockHttp({ 'GET /common3/influencerProfile/detail/7': bilingualDetail() })
    const { container } = render(<DetailPage />)
    expect(await screen.findByText(SHOWN[lang].name, { selector: '.influencer-profile__name' })).toBeInTheDocument()
    expect([...container.querySelectorAll('.influencer-section__title')].map((el) => el.textContent)).toEqual(SHOWN[lang].titles)
    expect(container.querySelector('.influencer-profile__avatar img')?.getAttribute('alt')).toBe(SHOWN[lang].name)
  })

  it('a card shows the name line in this language; an application in zh only shows its zh name in both', async () => {
    resetStores(signedIn(), lang, '/store/influencers')
    mockHttp({
      'GET /common3/influencerProfile/list': {
        profiles: [
          { ...card('7', NAME.en), displayNameContent: NAME },
          { ...card('8', '小明'), displayNameContent: { en: '', zh: '小明' } }
        ],
        startingPosition: 0, numberToLoad: 12, hasMore: false
      }
    })
    const { container } = render(<ListPage />)
    await screen.findByText(SHOWN[lang].name, { selector: '.influencer-card__name' })
    expect([...container.querySelectorAll('.influencer-card__name')].map((el) => el.textContent)).toEqual([SHOWN[lang].name, '小明'])
  })
})
