import { View, Text } from '@tarojs/components'
import { Picker } from '@/components/taro/FormComponents'
import './AccountForm.scss'
import './MyAccount.scss'

export interface SelectPickerProps {
  /** data-field of the control (tests and styles find it by this). */
  field: string
  label: string
  options: { value: string; label: string }[]
  value: string
  /** Shown while nothing is chosen. */
  placeholder: string
  okText: string
  cancelText: string
  onChange(value: string): void
  /** Its validation message (useFieldLink's control): H5's select carries it; a mini-program picker has no such attributes. */
  link?: { 'aria-invalid': 'true' | 'false'; 'aria-describedby'?: string }
}

/** A choice from a list: the platform's own picker sheet in the mini-programs (a native select on H5: SelectPicker.h5.tsx). */
export function SelectPicker({ field, options, value, placeholder, okText, cancelText, onChange }: SelectPickerProps) {
  const index = options.findIndex((o) => o.value === value)
  return (
    <Picker
      mode="selector"
      textProps={{ okText, cancelText }}
      range={options.map((o) => o.label)}
      value={Math.max(index, 0)}
      onChange={(e) => onChange(options[Number(e.detail.value)]?.value ?? '')}
    >
      <View className="account-field__input address-form__picker" data-field={field}>
        <Text>{index >= 0 ? options[index].label : placeholder}</Text>
      </View>
    </Picker>
  )
}
