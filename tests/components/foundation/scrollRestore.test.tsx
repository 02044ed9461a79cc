/** Spec §2 "Scroll position is restored on navigation": useScrollRestore on a list page, with Taro's page events played. */
import { act, render } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { clearScrollPositions, useScrollRestore } from '@/hooks/useScrollRestore'
import { RESTORE_TRIES } from '@/domain/scrollMemory'
import { testControl } from '../../support/taroMock'

function List({ list, shown }: { list: string | null; shown: number }) {
  useScrollRestore(list, shown)
  return null
}

const scrollTo = Taro.pageScrollTo as jest.Mock
const asked = () => scrollTo.mock.calls.map(([options]) => options.scrollTop as number)
const scroll = (top: number) => act(() => testControl.scrollPage(top))
/** The try made once the page shown is laid out (a timer after it is told it shows). */
const laidOut = () => act(() => void jest.runOnlyPendingTimers())
let n = 0
const freshList = () => `list-${++n}`

beforeEach(() => {
  jest.useFakeTimers()
  clearScrollPositions()
  window.history.pushState({}, '', '/user/orders')
  scrollTo.mockClear()
})

afterEach(() => jest.useRealTimers())

describe('scroll restore', () => {
  it('a list opened afresh (the confirmation page relaunches it) goes back to where the shopper was, as its items arrive', () => {
    const list = freshList()
    const first = render(<List list={list} shown={20} />)
    expect(asked()).toEqual([]) // never scrolled: the page starts at the top
    scroll(400)
    scroll(900)
    first.unmount()

    const again = render(<List list={list} shown={0} />)
    expect(asked()).toEqual([900])
    laidOut()
    expect(asked()).toEqual([900, 900])
    scroll(0) // nothing listed yet: the page cannot go down
    again.rerender(<List list={list} shown={10} />)
    expect(asked()).toEqual([900, 900, 900])
    scroll(640) // the first page is not long enough; reaching its bottom loads the next
    again.rerender(<List list={list} shown={20} />)
    expect(asked()).toEqual([900, 900, 900, 900])
    scroll(900)
    // there: more items do not scroll again, and the shopper's next position is the one remembered
    again.rerender(<List list={list} shown={30} />)
    expect(asked()).toHaveLength(4)
    scroll(1500)
    again.unmount()
    render(<List list={list} shown={30} />)
    expect(asked().at(-1)).toBe(1500)
  })

  it('a page coming back to the front (back from a product) scrolls back; what happens while it is hidden is not the shopper', () => {
    const list = freshList()
    render(<List list={list} shown={24} />)
    scroll(1200)
    act(() => testControl.hidePage())
    scroll(0) // a hidden page loses its scroll
    act(() => testControl.showPage())
    expect(asked()).toEqual([1200])
    scroll(1200)
    laidOut() // got there at once: no second try
    expect(asked()).toEqual([1200])
  })

  it('the shopper scrolling while the list still grows wins over the restore', () => {
    const list = freshList()
    const first = render(<List list={list} shown={30} />)
    scroll(2000)
    first.unmount()
    const again = render(<List list={list} shown={10} />)
    scroll(700) // the answer to the try: short of it
    scroll(300) // the shopper
    laidOut()
    again.rerender(<List list={list} shown={20} />)
    expect(asked()).toEqual([2000])
    again.unmount()
    render(<List list={list} shown={20} />)
    expect(asked().at(-1)).toBe(300)
  })

  it(`gives up after ${RESTORE_TRIES} tries when the list never gets that long`, () => {
    const list = freshList()
    const first = render(<List list={list} shown={50} />)
    scroll(5000)
    first.unmount()
    const again = render(<List list={list} shown={0} />)
    laidOut()
    for (let shown = 1; shown < 20; shown++) {
      scroll(100 * shown)
      again.rerender(<List list={list} shown={shown} />)
    }
    expect(asked()).toEqual(Array(RESTORE_TRIES).fill(5000))
  })

  it('a position survives the app starting afresh (back from the payment provider) when the list page went behind another', () => {
    const list = freshList()
    render(<List list={list} shown={24} />)
    scroll(700)
    act(() => testControl.hidePage()) // the shopper opens the cart
    const kept = testControl.storage.get('istore.scrollPositions')
    expect(kept).toEqual([[`/user/orders ${list}`, 700, expect.any(Number)]])
  })

  it('each list and each page keeps its own position; another list on the page starts where it is', () => {
    const shoes = freshList()
    const page = render(<List list={shoes} shown={12} />)
    scroll(800)
    page.rerender(<List list={freshList()} shown={12} />)
    expect(asked()).toEqual([])
    page.unmount()
    window.history.pushState({}, '', '/store')
    render(<List list={shoes} shown={12} />)
    expect(asked()).toEqual([])
  })
})
