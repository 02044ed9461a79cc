import { createElement, forwardRef } from 'react'
import type { Button as TaroButton, ButtonProps } from '@tarojs/components'
import { defineButton, wrapWebComponent } from './webComponents.h5'

/** H5: Taro's button web component, wrapped the way '@tarojs/components' does (see Button.ts for why). */
const TaroButtonCore = wrapWebComponent<typeof TaroButton>('taro-button-core', defineButton)

/**
 * The web component is no native <button>: without a role and aria-disabled, assistive technology (and browser
 * tests waiting for a button to be enabled) cannot tell it is a button, or that it is disabled. Nor could a keyboard
 * reach it (WCAG 2.1.1; walkthrough 2026-12-01 B-1: no Add to cart, Place order or Pay by keyboard): it is a tab stop
 * unless disabled, and the H5 key listener (platform/keyboard.h5.ts) presses it with Enter and Space.
 * The label goes inside a span of its own. With text as its only child, React rewrites the element's whole text
 * content when the label changes ('Add to cart' → 'Adding…'), which also removes the spinner the web component
 * inserts for `loading`; its next render then failed with "insertBefore: not a child of this node".
 * Plain .ts (no JSX): the build finds a platform variant only with the extension of the file it stands for (Button.ts).
 */
export const Button = forwardRef<HTMLElement, ButtonProps>(function Button({ children, ...props }, ref) {
  return createElement(
    TaroButtonCore,
    { ref, role: 'button', 'aria-disabled': props.disabled ? 'true' : undefined, tabIndex: props.disabled ? -1 : 0, ...props } as ButtonProps,
    createElement('span', { className: 'taro-button__label' }, children)
  )
}) as unknown as typeof TaroButton
