import { View, Text } from '@tarojs/components'
import type { MarkName } from '@/assets/brandMarks'
import { BrandMark } from '@/components/common/BrandMark'
import type { FieldErrors, FieldName } from '@/domain/checkoutForm'
import { useT } from '@/hooks/useT'
import './Checkout.scss'

export interface Choice<T extends string | number> {
  value: T
  label: string
  /** A brand mark shown before the label (payment methods). */
  logo?: MarkName
}

/**
 * A row of tappable options (methods, stores, dates, times, tips, payment): one tap, no picker popup, the same on
 * every platform. Each option carries data-value so tests and the e2e harness find it.
 */
export function Choices<T extends string | number>({
  name,
  options,
  selected,
  onSelect,
  disabled,
  link
}: {
  name: string
  options: Choice<T>[]
  selected: T | null | undefined
  onSelect(value: T): void
  disabled?: boolean
  /** The group's validation message (useFieldLink's control), when the group has one. */
  link?: { 'aria-invalid': 'true' | 'false'; 'aria-describedby'?: string }
}) {
  return (
    <View className="checkout-choices" role="radiogroup" data-name={name} {...link}>
      {options.map((option) => {
        const active = option.value === selected
        return (
          <View
            key={String(option.value)}
            className={`checkout-choices__option${active ? ' checkout-choices__option--active' : ''}`}
            role="radio"
            tabIndex={0}
            aria-checked={active}
            data-name={name}
            data-value={String(option.value)}
            onClick={() => !disabled && onSelect(option.value)}
          >
            {option.logo ? <BrandMark name={option.logo} className={`checkout-choices__logo checkout-choices__logo--${option.logo}`} /> : null}
            <Text>{option.label}</Text>
          </View>
        )
      })}
    </View>
  )
}

/** A field's validation message, under the field it belongs to; `id` is the one its control names (useFieldLink). */
export function FieldMessage({ text, id }: { text?: string; id?: string }) {
  return text ? (
    <View className="checkout__field-error" id={id} role="alert">
      {text}
    </View>
  ) : null
}

/** `boxClass`: useFieldLink's, when the section is the box of a field with a message (its title is the question). */
export function Section({ title, children, name, boxClass }: { title: string; name: string; children: React.ReactNode; boxClass?: string }) {
  return (
    <View className={boxClass ? `checkout__section ${boxClass}` : 'checkout__section'} data-section={name}>
      <Text className="checkout__section-title">{title}</Text>
      {children}
    </View>
  )
}

/** The translated message of each field with one, for the sections to show under their fields. */
export function useErrorText(errors: FieldErrors) {
  const t = useT()
  return (name: FieldName) => {
    const key = errors[name]
    return key ? t(key) : undefined
  }
}
