import { View } from '@tarojs/components'
import { Input } from '@/components/taro/FormComponents'
import { useEffect, useState } from 'react'
import { useT } from '@/hooks/useT'
import './QuantityStepper.scss'
import { onlyWhen } from '@/components/common/booleanAttribute'
import { Icon } from '@/components/shell/Icons'

interface QuantityStepperProps {
  value: number
  /** Called with the requested quantity; the owner decides what is allowed (stock). */
  onChange(quantity: number): void
  /** Typing 0: the owner may ask whether to remove the item (the cart does); without it, 0 is ignored. */
  onZero?(): void
  disabled?: boolean
  label?: string
}

/** − [n] + ; typing a number asks for it when the field is left. */
export function QuantityStepper({ value, onChange, onZero, disabled, label }: QuantityStepperProps) {
  const t = useT()
  const [text, setText] = useState(String(value))
  useEffect(() => setText(String(value)), [value])

  const commit = () => {
    const requested = parseInt(text, 10)
    // The box goes back to the real quantity at once; it shows the new one when the owner changes `value`
    // (the owner may allow less than was typed, or nothing).
    setText(String(value))
    if (!Number.isFinite(requested) || requested === value) return
    if (requested >= 1) onChange(requested)
    else if (requested === 0) onZero?.()
  }

  return (
    <View className={`quantity-stepper${disabled ? ' quantity-stepper--disabled' : ''}`} role="group" aria-label={label ?? t('product.quantity')}>
      <View
        className="quantity-stepper__button quantity-stepper__decrease"
        role="button"
        tabIndex={0}
        aria-label={t('product.decrease')}
        aria-disabled={disabled || value <= 1 ? true : undefined}
        onClick={() => !disabled && value > 1 && onChange(value - 1)}
      >
        <Icon name="minus" />
      </View>
      <Input
        className="quantity-stepper__input"
        type="number"
        value={text}
        disabled={onlyWhen(disabled)}
        // H5 renders the field inside a wrapper element: the label must reach the <input> itself.
        nativeProps={{ 'aria-label': label ?? t('product.quantity') }}
        onInput={(e) => setText(e.detail.value)}
        onBlur={commit}
        onConfirm={commit}
      />
      <View
        className="quantity-stepper__button quantity-stepper__increase"
        role="button"
        tabIndex={0}
        aria-label={t('product.increase')}
        aria-disabled={onlyWhen(disabled)}
        onClick={() => !disabled && onChange(value + 1)}
      >
        <Icon name="plus" />
      </View>
    </View>
  )
}
