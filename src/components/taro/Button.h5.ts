import type { Button as TaroButton } from '@tarojs/components'
import { createReactComponent, defineButton, manipulatePropsFunction } from './webComponents.h5'

/** H5: Taro's button web component, wrapped the way '@tarojs/components' does (see Button.ts for why). */
export const Button = createReactComponent('taro-button-core', undefined, manipulatePropsFunction, defineButton) as unknown as typeof TaroButton
