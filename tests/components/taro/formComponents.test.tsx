/**
 * The H5 form components (src/components/taro/FormComponents.h5.ts): Taro's input and textarea web components, with
 * a `value` that changes after they are set up but before their first render, which waits for an animation frame (the
 * search field filled from a tapped term as the page opens). setupComponents fails a test on any console.error,
 * which is where the web component reported the crash.
 */
import { act, render, waitFor } from '@testing-library/react'
import { Input, Textarea } from '@/components/taro/FormComponents'

describe('H5 form components', () => {
  it.each([
    ['input', Input],
    ['textarea', Textarea]
  ] as const)('%s: a value changed before its first render is the value it shows, without an error', async (tag, Field) => {
    // Hold the animation frames (after the one the web components may have asked for already): the component is set
    // up, its first render waits.
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    const frames: FrameRequestCallback[] = []
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => frames.push(frame))
    const { container, rerender } = render(<Field value="first" />)
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(frames.length).toBeGreaterThan(0)
    expect(container.querySelector(`taro-${tag}-core ${tag}`)).toBeNull()
    rerender(<Field value="second" />)
    raf.mockRestore()
    act(() => frames.splice(0).forEach((frame) => frame(performance.now())))
    await waitFor(() => expect(container.querySelector<HTMLInputElement>(`taro-${tag}-core ${tag}`)?.value).toBe('second'))
    rerender(<Field value="third" />)
    await waitFor(() => expect(container.querySelector<HTMLInputElement>(`taro-${tag}-core ${tag}`)?.value).toBe('third'))
  })
})
