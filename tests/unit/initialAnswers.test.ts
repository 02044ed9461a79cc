import { initialAnswers, INITIAL_ANSWERS_MAX_AGE_MS } from '@/domain/initialAnswers'

describe('initialAnswers: the first matching GET of each written answer, once, while fresh', () => {
  const written = JSON.stringify({ '/common3/appInfoInit': { app: 1 }, '/productManagement2/products?sortby=default&numberToLoad=12': { products: [] } })

  it('answers a written GET once, then never again', () => {
    const answers = initialAnswers(written, () => 0)
    expect(answers.take('/productManagement2/products?sortby=default&numberToLoad=12')).toEqual({ products: [] })
    expect(answers.take('/productManagement2/products?sortby=default&numberToLoad=12')).toBeUndefined()
    expect(answers.take('/common3/appInfoInit')).toEqual({ app: 1 })
    expect(answers.take('/common3/appInfoInit')).toBeUndefined()
  })

  it('has no answer for a GET that was not written (another query is another GET)', () => {
    const answers = initialAnswers(written, () => 0)
    expect(answers.take('/productManagement2/products?sortby=default&numberToLoad=24')).toBeUndefined()
    expect(answers.take('/common3/appInfoInit?x=1')).toBeUndefined()
  })

  it.each([
    ['no script', null],
    ['empty text', ''],
    ['not JSON', '{"a":'],
    ['an array', '[1,2]'],
    ['a string', '"x"'],
    ['null', 'null']
  ])('%s gives no answers', (_what, text) => {
    expect(initialAnswers(text, () => 0).take('/common3/appInfoInit')).toBeUndefined()
  })

  it.each([
    [INITIAL_ANSWERS_MAX_AGE_MS, { app: 1 }],
    [INITIAL_ANSWERS_MAX_AGE_MS + 1, undefined]
  ])('asked %i ms after the page started: %j', (elapsed, expected) => {
    let now = 1_000
    const answers = initialAnswers(written, () => now)
    now += elapsed
    expect(answers.take('/common3/appInfoInit')).toEqual(expected)
  })
})
