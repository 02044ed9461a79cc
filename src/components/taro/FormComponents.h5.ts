import type { Checkbox as TaroCheckbox, Input as TaroInput, Label as TaroLabel, Picker as TaroPicker, RichText as TaroRichText, Textarea as TaroTextarea } from '@tarojs/components'
import { defineCheckbox, defineInput, defineLabel, definePicker, defineRichText, defineTextarea, wrapWebComponent as wrap } from './webComponents.h5'

/**
 * H5: the same React wrappers '@tarojs/components' makes (lib/react/components.js), made here for the
 * components only some pages use. That module is a single module holding every component the app uses
 * anywhere, so on H5 the picker, textarea, input, checkbox... web components all rode in the first
 * load of the home page. Made here, each one is only in the chunks of the pages that import it.
 */
export const Checkbox = wrap<typeof TaroCheckbox>('taro-checkbox-core', defineCheckbox)
export const Input = wrap<typeof TaroInput>('taro-input-core', defineInput)
export const Label = wrap<typeof TaroLabel>('taro-label-core', defineLabel)
export const Picker = wrap<typeof TaroPicker>('taro-picker-core', definePicker)
export const RichText = wrap<typeof TaroRichText>('taro-rich-text-core', defineRichText)
export const Textarea = wrap<typeof TaroTextarea>('taro-textarea-core', defineTextarea)
