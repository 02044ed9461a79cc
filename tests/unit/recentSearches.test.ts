import { recentSearchesFrom, rememberSearch } from '@/domain/recentSearches'

describe('recent searches: newest first, each once, at most six', () => {
  it.each([
    [[], 'coffee', ['coffee']],
    [['tea'], 'coffee', ['coffee', 'tea']],
    [['tea', 'coffee'], 'Coffee', ['Coffee', 'tea']],
    [['tea'], '  egg   tarts ', ['egg tarts', 'tea']],
    [['tea'], '   ', ['tea']],
    [['a', 'b', 'c', 'd', 'e', 'f'], 'g', ['g', 'a', 'b', 'c', 'd', 'e']],
    [['a', 'b', 'c', 'd', 'e', 'f'], 'f', ['f', 'a', 'b', 'c', 'd', 'e']],
    [['茶'], '咖啡', ['咖啡', '茶']]
  ])('%p + %p → %p', (list, term, next) => {
    expect(rememberSearch(list, term)).toEqual(next)
  })

  it.each([
    [undefined, []],
    ['coffee', []],
    [['coffee', 3, '', ' ', null, 'tea'], ['coffee', 'tea']],
    [['1', '2', '3', '4', '5', '6', '7'], ['1', '2', '3', '4', '5', '6']]
  ])('stored %p reads as %p', (stored, list) => {
    expect(recentSearchesFrom(stored)).toEqual(list)
  })
})
