import { cartActionUrl, distinctLineItems, groupCampaignId } from '@/domain/cartAction'

describe('spec "Cart action: on path /store/groupCampaign/{id}, or when the query has FissionSale, go to /checkout/campaignCart with query FissionSale; otherwise to checkout/cart"', () => {
  it.each([
    ['/store/groupCampaign/42', {}, '/checkout/campaignCart?FissionSale=42'],
    ['/store/groupCampaign/42/', {}, '/checkout/campaignCart?FissionSale=42'],
    ['/store/groupCampaign/42?x=1', {}, '/checkout/campaignCart?FissionSale=42'],
    ['/store/groupCampaign/42', { FissionSale: '7' }, '/checkout/campaignCart?FissionSale=7'],
    ['/store/product/1', { FissionSale: '9' }, '/checkout/campaignCart?FissionSale=9'],
    ['/store/product/1', { FissionSale: 'a b&c' }, '/checkout/campaignCart?FissionSale=a%20b%26c'],
    ['/store/product/1', { FissionSale: '' }, '/checkout/cart'],
    ['/store/product/1', {}, '/checkout/cart'],
    ['/store/groupCampaign', {}, '/checkout/cart'],
    ['/store/groupCampaign/1/extra', {}, '/checkout/cart'],
    ['/', { other: '1' }, '/checkout/cart']
  ])('%s with %o → %s', (path, query, url) => {
    expect(cartActionUrl(path, query)).toBe(url)
  })

  it('reads the campaign id from the path', () => {
    expect(groupCampaignId('/store/groupCampaign/abc')).toBe('abc')
    expect(groupCampaignId('/store/product/abc')).toBeNull()
  })
})

describe('spec "A helper counts distinct line items in the cart"', () => {
  it.each([
    [null, 0],
    [{}, 0],
    [{ lineItems: {} }, 0],
    [{ lineItems: { a: { quantity: 5 } } }, 1],
    [{ lineItems: { a: { quantity: 5 }, b: { quantity: 1 }, c: {} } }, 3]
  ])('%o → %p', (cart, count) => {
    expect(distinctLineItems(cart)).toBe(count)
  })
})
