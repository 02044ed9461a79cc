import { interpolate } from '@shared/i18n/define'
import influencers from '@/features/influencers/messages'

describe('interpolate: placeholders and the English plural', () => {
  it.each([
    ['{count} {count:item|items}', { count: 1 }, '1 item'],
    ['{count} {count:item|items}', { count: 0 }, '0 items'],
    ['{count} {count:item|items}', { count: 2 }, '2 items'],
    ['{count} {count:item|items}', { count: '99+' }, '99+ items'],
    ['Cart, {count} {count:item|items}', { count: '1' }, 'Cart, 1 item'],
    ['{name} has {n} {n:room|rooms}', { name: 'Ada', n: 3 }, 'Ada has 3 rooms'],
    ['共 {count} 件', { count: 1 }, '共 1 件'],
    ['{missing} {missing:a|b}', { count: 1 }, '{missing} {missing:a|b}']
  ])('%s with %j → %s', (text, vars, expected) => {
    expect(interpolate(text, vars as Record<string, string | number>)).toBe(expected)
  })

  it('leaves a text without variables as it is', () => {
    expect(interpolate('{count:item|items}')).toBe('{count:item|items}')
  })
})

describe('counts read as English (issue 29: "1 likes")', () => {
  it.each([
    [0, '0 likes'],
    [1, '1 like'],
    [2, '2 likes']
  ])('an influencer with %d likes shows "%s"', (n, expected) => {
    expect(interpolate(influencers.en['influencer.likes'], { n })).toBe(expected)
    expect(interpolate(influencers.zh['influencer.likes'], { n })).toBe(`${n} 个赞`)
  })
})
