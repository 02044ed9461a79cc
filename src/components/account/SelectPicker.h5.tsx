import type { SelectPickerProps } from './SelectPicker'
import './AccountForm.scss'
import './MyAccount.scss'

export type { SelectPickerProps } from './SelectPicker'

/**
 * H5: the browser's own select (a phone opens its native list, where a tap chooses; a desktop gets a dropdown that
 * types ahead), instead of the mini-program wheel that had to be swiped.
 */
export function SelectPicker({ field, label, options, value, placeholder, onChange, link }: SelectPickerProps) {
  return (
    <select
      className="account-field__input address-form__picker address-form__select"
      data-field={field}
      aria-label={label}
      {...link}
      value={options.some((o) => o.value === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="" disabled>
        {placeholder}
      </option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  )
}
