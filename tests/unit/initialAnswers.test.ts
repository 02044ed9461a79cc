import { LIVE_ROOMS_POST } from '@shared/firstScreen'
import { initialAnswers, INITIAL_ANSWERS_MAX_AGE_MS, writtenKey } from '@shared/initialAnswers'

describe('writtenKey: which requests a written answer may answer, and under which key', () => {
  it.each([
    ['a GET, by its path and query', 'GET', '/common3/blog/post/x?a=1', undefined, '/common3/blog/post/x?a=1'],
    ['the live rooms\' POST, by its body too', 'POST', LIVE_ROOMS_POST, { start: 0, limit: 10 }, `POST ${LIVE_ROOMS_POST} {"start":0,"limit":10}`],
    ['another page of rooms is another key', 'POST', LIVE_ROOMS_POST, { start: 10, limit: 10 }, `POST ${LIVE_ROOMS_POST} {"start":10,"limit":10}`],
    ['any other POST: none (it changes something)', 'POST', '/shoppingManagement4/myCart', { productId: '1' }, undefined],
    ['the live rooms\' path with a query: none', 'POST', `${LIVE_ROOMS_POST}?x=1`, {}, undefined],
    ['PUT: none', 'PUT', LIVE_ROOMS_POST, {}, undefined],
    ['DELETE: none', 'DELETE', '/common3/blog/post/x', undefined, undefined]
  ])('%s', (_what, method, path, body, key) => {
    expect(writtenKey(method, path, body)).toBe(key)
  })
})

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
