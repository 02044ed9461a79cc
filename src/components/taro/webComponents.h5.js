/*
 * H5 only: the web components FormComponents.h5.ts and Button.h5.ts wrap, and the wrapping. Plain JS with
 * its own .d.ts because the components' typings pull in Stencil's global jest matchers, which clash
 * with jest-dom's in the tests' type check.
 */
import { manipulatePropsFunction } from '@tarojs/components/lib/react/helper'
import { createReactComponent } from '@tarojs/components/lib/react/react-component-lib/createComponent'

export { defineCustomElement as defineButton } from '@tarojs/components/dist/components/taro-button-core'
export { defineCustomElement as defineCheckbox } from '@tarojs/components/dist/components/taro-checkbox-core'
export { defineCustomElement as defineLabel } from '@tarojs/components/dist/components/taro-label-core'
export { defineCustomElement as definePicker } from '@tarojs/components/dist/components/taro-picker-core'
export { defineCustomElement as defineRichText } from '@tarojs/components/dist/components/taro-rich-text-core'
import { defineCustomElement as defineInputElement } from '@tarojs/components/dist/components/taro-input-core'
import { defineCustomElement as defineTextareaElement } from '@tarojs/components/dist/components/taro-textarea-core'

/**
 * Taro's input and textarea apply a new `value` to their inner element, which exists only from their first render
 * (an animation frame after they are connected): a value changed in between threw "reading 'value' of undefined". That
 * first render writes the value itself, so until it has happened the watcher has nothing to do.
 */
function definedWithValueWatchAfterRender(defineElement, tag, innerRef) {
  return () => {
    defineElement()
    const element = customElements.get(tag).prototype
    const watchValue = element.watchValue
    if (watchValue.afterRender) return
    element.watchValue = Object.assign(function (value) {
      if (this[innerRef]) watchValue.call(this, value)
    }, { afterRender: true })
  }
}
export const defineInput = definedWithValueWatchAfterRender(defineInputElement, 'taro-input-core', 'inputRef')
export const defineTextarea = definedWithValueWatchAfterRender(defineTextareaElement, 'taro-textarea-core', 'textareaRef')

/** A React component for one of Taro's web components, made the way '@tarojs/components' makes them. */
export const wrapWebComponent = (tag, define) => createReactComponent(tag, undefined, manipulatePropsFunction, define)
