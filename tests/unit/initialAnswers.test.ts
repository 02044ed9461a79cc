import { answerKey, initialAnswers, INITIAL_ANSWERS_MAX_AGE_MS } from '@/domain/initialAnswers'

describe('answerKey: the same GET whatever the order or encoding of its query', () => {
  it.each([
    ['/common3/appInfoInit', '/common3/appInfoInit'],
    ['/p?b=2&a=1', '/p?a=1&b=2'],
    ['/p?a=1&b=2', '/p?a=1&b=2'],
    ['/p?', '/p'],
    ['/p?name=Tea%20%26%20Coffee', '/p?name=Tea%20%26%20Coffee'],
    ['/p?name=Tea+%26+Coffee', '/p?name=Tea%20%26%20Coffee'],
    ['/p?cat=%E8%8C%B6&x', '/p?cat=%E8%8C%B6&x='],
    ['/p?a=2&a=1', '/p?a=1&a=2']
  ])('%s → %s', (input, key) => {
    expect(answerKey(input)).toBe(key)
  })
})

describe('initialAnswers: the first matching GET of each written answer, once, while fresh', () => {
  const written = JSON.stringify({ '/common3/appInfoInit': { app: 1 }, '/productManagement2/products?sortby=default&numberToLoad=12': { products: [] } })

  it('answers a GET written with its query in another order, then never again', () => {
    const answers = initialAnswers(written, () => 0)
    expect(answers.take('/productManagement2/products?numberToLoad=12&sortby=default')).toEqual({ products: [] })
    expect(answers.take('/productManagement2/products?numberToLoad=12&sortby=default')).toBeUndefined()
    expect(answers.take('/common3/appInfoInit')).toEqual({ app: 1 })
    expect(answers.take('/common3/appInfoInit')).toBeUndefined()
  })

  it('has no answer for a GET that was not written (another query is another GET)', () => {
    const answers = initialAnswers(written, () => 0)
    expect(answers.take('/productManagement2/products?numberToLoad=24&sortby=default')).toBeUndefined()
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
