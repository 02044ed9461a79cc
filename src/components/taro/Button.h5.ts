import type { Button as TaroButton } from '@tarojs/components'
import { defineButton, wrapWebComponent } from './webComponents.h5'

/** H5: Taro's button web component, wrapped the way '@tarojs/components' does (see Button.ts for why). */
export const Button = wrapWebComponent<typeof TaroButton>('taro-button-core', defineButton)
