/**
 * Taro components that only some pages need (forms, pickers, rich text). Import them from here, not
 * from '@tarojs/components': on the mini-programs this is the same thing, but on H5
 * FormComponents.h5.ts builds them from their own web components, so they stay in the chunks of the
 * pages that use them instead of the first load (see there).
 */
export { Checkbox, Input, Label, Picker, RichText, Textarea } from '@tarojs/components'
