import { restockEmailProblem, restockTarget } from '@/domain/restock'

describe('restockEmailProblem', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['ada', 'invalid'],
    ['ada@example', 'invalid'],
    ['ada @example.com', 'invalid'],
    ['ada@example.com', null],
    [' Ada@Example.com ', null],
    ['林@例子.中国', null]
  ])('%j → %s', (email, problem) => {
    expect(restockEmailProblem(email)).toBe(problem)
  })
})

describe('restockTarget', () => {
  it.each([
    ['sold-out product, nothing chosen', true, null, {}],
    ['sold-out product, a pair chosen', true, { optionPair: 'size:M', stock: 0 }, {}],
    ['in stock, nothing chosen', false, null, null],
    ['in stock, chosen pair in stock', false, { optionPair: 'color:Red,size:M', stock: 2 }, null],
    ['in stock, chosen pair sold out', false, { optionPair: 'color:Red,size:S', stock: 0 }, { optionPair: 'color:Red,size:S' }],
    ['no options, stock 0 but not marked sold out', false, { optionPair: '', stock: 0 }, null]
  ])('%s', (_name, soldOut, chosen, target) => {
    expect(restockTarget(soldOut, chosen)).toEqual(target)
  })
})
