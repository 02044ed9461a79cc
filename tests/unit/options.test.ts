import { clampQuantity, isSelectionComplete, optionPairKey, optionValuesText, selectionFromPair, soldOutValues } from '@/domain/options'

describe('optionPair for GET /inventoryManagement/inventoryByProductAndOptions/{id}: name:value pairs sorted by name', () => {
  it.each([
    [{ size: 'M', color: 'Red' }, 'color:Red,size:M'],
    [{ color: 'Red', size: 'M' }, 'color:Red,size:M'],
    [{ size: 'M' }, 'size:M'],
    [{ size: 'M', color: '' }, 'size:M'],
    [{ b: '1', B: '2', a: '3' }, 'B:2,a:3,b:1'],
    [{}, '']
  ])('%o → %p', (selection, key) => {
    expect(optionPairKey(selection)).toBe(key)
  })
})

describe("a link's option pair (?option=) chooses what the product offers, and nothing else", () => {
  const options = [{ name: 'color', values: ['Red', 'Blue'] }, { name: 'size', values: ['S', 'M'] }]
  it.each([
    ['color:Red,size:M', { color: 'Red', size: 'M' }],
    ['size:M,color:Red', { color: 'Red', size: 'M' }],
    ['color:Red', { color: 'Red' }],
    ['color:Green,size:S', { size: 'S' }],
    ['colour:Red,size:S', { size: 'S' }],
    ['color:red', {}],
    ['color:Red:x', {}],
    ['garbage', {}],
    ['', {}],
    [undefined, {}]
  ])('%p → %o', (pair, selection) => {
    expect(selectionFromPair(options, pair)).toEqual(selection)
  })

  it('a product without options takes nothing from it', () => {
    expect(selectionFromPair([], 'color:Red')).toEqual({})
  })
})

describe('a selection is complete when every option has an allowed value', () => {
  const options = [{ name: 'color', values: ['Red', 'Blue'] }, { name: 'size' }]
  it.each([
    [{ color: 'Red', size: 'M' }, true],
    [{ color: 'Red' }, false],
    [{ color: 'Green', size: 'M' }, false],
    [{ color: 'Red', size: ' ' }, false],
    [{}, false]
  ])('%o → %p', (selection, complete) => {
    expect(isSelectionComplete(options, selection)).toBe(complete)
  })

  it('a product without options is always complete', () => {
    expect(isSelectionComplete([], {})).toBe(true)
  })
})

describe('requested quantity is capped by available stock', () => {
  it.each([
    [1, 5, 1, false],
    [5, 5, 5, false],
    [6, 5, 5, true],
    [3, 0, 0, true],
    [3, -2, 0, true],
    [0, 5, 1, false],
    [2.7, 5, 2, false],
    [Number.NaN, 5, 1, false],
    [4, Number.NaN, 0, true],
    [1000, Number.POSITIVE_INFINITY, 1000, false]
  ])('requested %p of %p → %p (rejected %p)', (requested, available, quantity, rejected) => {
    expect(clampQuantity(requested, available)).toEqual({ quantity, rejected })
  })
})

describe("optionValuesText: a line's options as the shopper reads them", () => {
  const labels = [{ en: 'Black', zh: '黑色' }, { en: 'Medium', zh: '中号' }]
  it.each([
    ['color:Black,size:M', labels, 'en', 'Black / Medium'],
    ['color:Black,size:M', labels, 'zh', '黑色 / 中号'],
    ['grind:Whole bean', [{ en: 'Whole bean' }], 'zh', 'Whole bean'],
    ['color:Red,size:M', undefined, 'zh', 'Red / M'],
    ['', undefined, 'en', '']
  ])('%s with %o in %s → %s', (pair, given, lang, text) => {
    expect(optionValuesText(pair, given, lang)).toBe(text)
  })
})

describe('option values shown as sold out: no variant in stock with them and the other chosen values', () => {
  const options = [
    { name: 'size', values: ['S', 'M', 'L'] },
    { name: 'color', values: ['Red', 'Black'] }
  ]
  const variants = [
    { optionPair: 'color:Red,size:S', available: 2 },
    { optionPair: 'color:Red,size:M', available: 0 },
    { optionPair: 'color:Black,size:M', available: 1 },
    { optionPair: 'color:Black,size:L', available: 0 }
    // color:Red,size:L is not kept at all
  ]
  it.each([
    ['nothing chosen: L has no stock in any colour', {}, { size: ['L'] }],
    ['Red chosen: M and L are out in red', { color: 'Red' }, { size: ['M', 'L'] }],
    ['Black chosen: S (not kept) and L are out', { color: 'Black' }, { size: ['S', 'L'] }],
    ['M chosen: Red is out in M', { size: 'M' }, { size: ['L'], color: ['Red'] }],
    ['L chosen: every colour is out', { size: 'L' }, { size: ['L'], color: ['Red', 'Black'] }],
    ['both chosen: each option judged against the other', { size: 'S', color: 'Black' }, { size: ['S', 'L'], color: ['Black'] }]
  ])('%s', (_name, selection: Record<string, string>, expected) => {
    expect(soldOutValues(options, variants, selection)).toEqual(expected)
  })

  it('marks nothing while the variants are unknown or empty', () => {
    expect(soldOutValues(options, null, {})).toEqual({})
    expect(soldOutValues(options, [], { size: 'S' })).toEqual({})
  })
})
