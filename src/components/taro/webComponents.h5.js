/*
 * H5 only: the web components FormComponents.h5.ts and Button.h5.ts wrap, and the wrapping. Plain JS with
 * its own .d.ts because the components' typings pull in Stencil's global jest matchers, which clash
 * with jest-dom's in the tests' type check.
 */
import { manipulatePropsFunction } from '@tarojs/components/lib/react/helper'
import { createReactComponent } from '@tarojs/components/lib/react/react-component-lib/createComponent'

export { defineCustomElement as defineButton } from '@tarojs/components/dist/components/taro-button-core'
export { defineCustomElement as defineCheckbox } from '@tarojs/components/dist/components/taro-checkbox-core'
export { defineCustomElement as defineInput } from '@tarojs/components/dist/components/taro-input-core'
export { defineCustomElement as defineLabel } from '@tarojs/components/dist/components/taro-label-core'
export { defineCustomElement as definePicker } from '@tarojs/components/dist/components/taro-picker-core'
export { defineCustomElement as defineRichText } from '@tarojs/components/dist/components/taro-rich-text-core'
export { defineCustomElement as defineTextarea } from '@tarojs/components/dist/components/taro-textarea-core'

/** A React component for one of Taro's web components, made the way '@tarojs/components' makes them. */
export const wrapWebComponent = (tag, define) => createReactComponent(tag, undefined, manipulatePropsFunction, define)
