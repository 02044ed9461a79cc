import { pageTitle } from '@/domain/pageTitle'

describe('pageTitle: "Title · Store", the store alone on home', () => {
  it.each<[string | undefined, string]>([
    ['Checkout', 'Checkout · Maple & Jade'],
    ['Maple & Jade', 'Maple & Jade'],
    ['', 'Maple & Jade'],
    [undefined, 'Maple & Jade']
  ])('%p', (title, expected) => expect(pageTitle(title, 'Maple & Jade')).toBe(expected))
})
