/**
 * H5 View (src/components/taro/HtmlView.h5.tsx, which the build puts in place of Taro's HTML View): a changed class is
 * on the element in the same commit as every other attribute. Taro's copied it in an effect, a render later.
 */
import { useLayoutEffect } from 'react'
import { render } from '@testing-library/react'
import { View } from '@tarojs/components'

function Probe({ open, seen }: { open: boolean; seen: string[] }) {
  // Runs as the commit lands, before any effect: what the shopper's next frame shows.
  useLayoutEffect(() => {
    const el = document.querySelector('[data-probe]')!
    seen.push(`${el.getAttribute('aria-expanded')} ${el.className}`)
  })
  return <View data-probe className={open ? 'group group--open' : 'group'} aria-expanded={String(open)} />
}

describe('H5 View', () => {
  it('applies a changed class in the same commit as its other attributes', () => {
    const seen: string[] = []
    const { rerender } = render(<Probe open={false} seen={seen} />)
    rerender(<Probe open seen={seen} />)
    rerender(<Probe open={false} seen={seen} />)
    expect(seen).toEqual(['false group', 'true group group--open', 'false group'])
  })

  it('passes its ref and props to the element', () => {
    let element: HTMLDivElement | null = null
    const { container } = render(<View ref={(el: HTMLDivElement | null) => (element = el)} id="x" role="button" hoverClass="pressed" />)
    expect(element).toBe(container.querySelector('#x'))
    expect(element!.getAttribute('role')).toBe('button')
    expect(element!.hasAttribute('hoverClass')).toBe(false)
  })
})
