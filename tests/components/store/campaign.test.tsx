import { fireEvent, render, screen } from '@testing-library/react'
import CampaignCartPage from '@/packages/checkout/pages/campaignCart/index'
import GroupCampaignPage from '@/packages/store/pages/groupCampaign/index'
import { navigations } from '../../support/taroMock'
import { LANGS, resetStore } from './storeTestKit'

const TEXT = {
  en: { unavailable: 'Group campaigns are not available in this store.', shop: 'Start shopping' },
  zh: { unavailable: '本店暂不提供拼团活动。', shop: '去购物' }
}

describe.each(LANGS)('group campaign pages (%s)', (lang) => {
  const text = TEXT[lang]

  it.each([
    ['/store/groupCampaign/9', GroupCampaignPage],
    ['/checkout/campaignCart?FissionSale=9', CampaignCartPage]
  ])('%s says campaigns are unavailable and leads back to the store', async (url, Page) => {
    resetStore(lang, url)
    render(<Page />)
    expect(await screen.findByText(text.unavailable)).toBeTruthy()
    fireEvent.click(screen.getByText(text.shop))
    expect(navigations.at(-1)?.url).toBe('/store')
  })
})
