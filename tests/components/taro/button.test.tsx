/**
 * The H5 Button (src/components/taro/Button.h5.ts) by keyboard: Taro's button web component is no native <button>, so
 * without a tab stop a keyboard-only shopper could not reach Add to cart, Place order or Pay (walkthrough 2026-12-01
 * B-1, WCAG 2.1.1). The H5 key listener (platform/keyboard.h5.ts, installed as the app starts) presses it.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import { Button } from '@/components/taro/Button'
import { installKeyboardPress, pressKey } from '@/platform/keyboard.h5'

beforeAll(() => installKeyboardPress())
afterAll(() => document.removeEventListener('keydown', pressKey))

describe('H5 Button by keyboard', () => {
  it('is a tab stop, and Enter and Space press it once each', () => {
    const pressed = jest.fn()
    render(<Button onClick={pressed}>Place order</Button>)
    const button = screen.getByRole('button', { name: 'Place order' })
    expect(button.tabIndex).toBe(0)
    button.focus()
    expect(document.activeElement).toBe(button)
    fireEvent.keyDown(button, { key: 'Enter' })
    expect(fireEvent.keyDown(button, { key: ' ' })).toBe(false) // Space does not also scroll the page
    expect(pressed).toHaveBeenCalledTimes(2)
    fireEvent.keyDown(button, { key: 'a' })
    expect(pressed).toHaveBeenCalledTimes(2)
  })

  it('a disabled button is no tab stop, and keys do not press it', () => {
    const pressed = jest.fn()
    render(<Button disabled onClick={pressed}>Pay</Button>)
    const button = screen.getByRole('button', { name: 'Pay' })
    expect(button.tabIndex).toBe(-1)
    fireEvent.keyDown(button, { key: 'Enter' })
    expect(pressed).not.toHaveBeenCalled()
  })

  it('a tab stop given by the caller stands', () => {
    render(<Button tabIndex={-1}>Hidden behind a sheet</Button>)
    expect(screen.getByRole('button').tabIndex).toBe(-1)
  })
})
