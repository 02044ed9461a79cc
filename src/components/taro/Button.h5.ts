import { createElement, forwardRef } from 'react'
import type { Button as TaroButton, ButtonProps } from '@tarojs/components'
import { defineButton, wrapWebComponent } from './webComponents.h5'

/** H5: Taro's button web component, wrapped the way '@tarojs/components' does (see Button.ts for why). */
const TaroButtonCore = wrapWebComponent<typeof TaroButton>('taro-button-core', defineButton)

/**
 * The web component is no native <button>: without a role and aria-disabled, assistive technology (and browser
 * tests waiting for a button to be enabled) cannot tell it is a button, or that it is disabled. Plain .ts (no JSX):
 * the build finds a platform variant only with the extension of the file it stands for (Button.ts).
 */
export const Button = forwardRef<HTMLElement, ButtonProps>(function Button(props, ref) {
  return createElement(TaroButtonCore, { ref, role: 'button', 'aria-disabled': props.disabled ? 'true' : undefined, ...props } as ButtonProps)
}) as unknown as typeof TaroButton
