import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { ProductGallery } from '@/components/product/ProductGallery'
import { LANGS, resetStore } from './storeTestKit'

// Issue 42 n-2: the product's pictures full screen with zoom (H5: the page's own viewer, loaded when first opened), the
// keyboard's Esc and arrows, the focus back on the picture that opened it; the gallery turns to a chosen colour's picture.
const TEXT = {
  en: { open: (n: number) => `View image ${n} of Tee full screen`, image: (n: number) => `Image ${n} of Tee`, close: 'Close', zoomIn: 'Zoom in', zoomOut: 'Zoom out', next: 'Next image', slide: (n: number) => `Slide ${n} of 3` },
  zh: { open: (n: number) => `全屏查看Tee第 ${n} 张图片`, image: (n: number) => `Tee 第 ${n} 张图片`, close: '关闭', zoomIn: '放大', zoomOut: '缩小', next: '下一张', slide: (n: number) => `第 ${n} 张，共 3 张` }
}
const IMAGES = ['tee.svg', 'tee-in-black.svg', 'tee-in-red.svg']

describe.each(LANGS)('the full-screen product gallery (%s)', (lang) => {
  const text = TEXT[lang]
  beforeEach(() => resetStore(lang, '/store/product/1039'))

  it('opens at the picture clicked; arrows move, + and the buttons zoom, Esc closes and the focus goes back', async () => {
    render(<ProductGallery images={IMAGES} name="Tee" />)
    const opener = screen.getByRole('button', { name: text.open(2) })
    opener.focus()
    fireEvent.click(opener)
    const dialog = await screen.findByRole('dialog')
    const image = () => dialog.querySelector('img')!
    expect(image().getAttribute('alt')).toBe(text.image(2))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: text.close }))
    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    expect(image().getAttribute('alt')).toBe(text.image(3))
    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    expect(image().getAttribute('alt')).toBe(text.image(1))
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' })
    expect(image().getAttribute('alt')).toBe(text.image(3))
    fireEvent.click(screen.getByRole('button', { name: text.next }))
    expect(image().getAttribute('alt')).toBe(text.image(1))
    // Zoom: the buttons, the keyboard, a click on the picture (in, then back out); another picture starts whole.
    expect(image().style.transform).toContain('scale(1)')
    fireEvent.click(screen.getByRole('button', { name: text.zoomIn }))
    expect(image().style.transform).toContain('scale(2)')
    fireEvent.keyDown(dialog, { key: '+' })
    expect(image().style.transform).toContain('scale(3)')
    fireEvent.click(screen.getByRole('button', { name: text.zoomOut }))
    expect(image().style.transform).toContain('scale(2)')
    fireEvent.click(image())
    expect(image().style.transform).toContain('scale(1)')
    fireEvent.click(image())
    expect(image().style.transform).toContain('scale(2.5)')
    expect((screen.getByRole('button', { name: text.zoomOut }) as HTMLButtonElement).disabled).toBe(false)
    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    expect(image().style.transform).toContain('scale(1)')
    expect((screen.getByRole('button', { name: text.zoomOut }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.keyDown(dialog, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(opener)
  })

  it('Tab stays inside the open gallery', async () => {
    render(<ProductGallery images={IMAGES} name="Tee" />)
    fireEvent.click(screen.getByRole('button', { name: text.open(1) }))
    const dialog = await screen.findByRole('dialog')
    const close = screen.getByRole('button', { name: text.close })
    const buttons = [...dialog.querySelectorAll('button:not([disabled])')]
    ;(buttons[buttons.length - 1] as HTMLElement).focus()
    fireEvent.keyDown(dialog, { key: 'Tab' })
    expect(document.activeElement).toBe(buttons[0])
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(buttons[buttons.length - 1])
    expect(dialog.contains(close)).toBe(true)
  })

  it("turns to the picture asked for (the chosen colour's)", async () => {
    const { rerender } = render(<ProductGallery images={IMAGES} name="Tee" current={null} />)
    const current = () => document.querySelector('.carousel__dot--current')?.getAttribute('aria-label')
    expect(current()).toBe(text.slide(1))
    rerender(<ProductGallery images={IMAGES} name="Tee" current={2} />)
    await waitFor(() => expect(current()).toBe(text.slide(3)))
    rerender(<ProductGallery images={IMAGES} name="Tee" current={1} />)
    await waitFor(() => expect(current()).toBe(text.slide(2)))
    await act(async () => undefined)
  })
})
