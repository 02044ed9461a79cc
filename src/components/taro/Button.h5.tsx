import type { ComponentProps } from 'react'
import type { Button as TaroButton } from '@tarojs/components'
import { defineButton, wrapWebComponent } from './webComponents.h5'

/** H5: Taro's button web component, wrapped the way '@tarojs/components' does (see Button.ts for why). */
const WebButton = wrapWebComponent<typeof TaroButton>('taro-button-core', defineButton)

/**
 * The label goes inside a span of its own. With text as its only child, React rewrites the element's whole text
 * content when the label changes ('Add to cart' → 'Adding…'), which also removes the spinner the web component
 * inserts for `loading`; its next render then failed with "insertBefore: not a child of this node".
 */
export const Button = (({ children, ...props }: ComponentProps<typeof TaroButton>) => (
  <WebButton {...props}>
    <span className="taro-button__label">{children}</span>
  </WebButton>
)) as typeof TaroButton
