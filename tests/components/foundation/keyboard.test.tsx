import { pressKey } from '@/platform/keyboard.h5'

/** A keydown on `el` handed to pressKey; returns the event and whether `el` was clicked. */
function keydown(el: HTMLElement, init: KeyboardEventInit): { event: KeyboardEvent; clicked: boolean } {
  let clicked = false
  el.addEventListener('click', () => (clicked = true), { once: true })
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init })
  Object.defineProperty(event, 'target', { value: el })
  pressKey(event)
  return { event, clicked }
}

const press = (el: HTMLElement, init: KeyboardEventInit) => keydown(el, init).clicked

function view(role: string | null, tag = 'div'): HTMLElement {
  const el = document.createElement(tag)
  if (role) el.setAttribute('role', role)
  el.tabIndex = 0
  document.body.appendChild(el)
  return el
}

describe('keyboard press of views that act as controls (H5)', () => {
  it.each([
    ['button', 'Enter', true],
    ['button', ' ', true],
    ['radio', ' ', true],
    ['tab', 'Enter', true],
    ['link', 'Enter', true],
    ['link', ' ', false], // Space scrolls past a link, as with native links
    ['button', 'a', false],
    ['button', 'Escape', false]
  ])('role=%s, key %j: pressed %s', (role, key, pressed) => {
    expect(press(view(role), { key })).toBe(pressed)
  })

  it('leaves views without a control role, native controls and modified keys alone', () => {
    expect(press(view(null), { key: 'Enter' })).toBe(false)
    expect(press(view('region'), { key: 'Enter' })).toBe(false)
    expect(press(view('button', 'button'), { key: 'Enter' })).toBe(false) // the browser presses it itself
    expect(press(view('button'), { key: 'Enter', ctrlKey: true })).toBe(false)
    expect(press(view('button'), { key: 'Enter', metaKey: true })).toBe(false)
  })

  it('stops Space from scrolling the page when it presses a view', () => {
    expect(keydown(view('button'), { key: ' ' }).event.defaultPrevented).toBe(true)
  })
})
