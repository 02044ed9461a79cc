import { View, Text } from '@tarojs/components'
import type { ProductOption } from '@/api/catalog'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import '@/i18n/walkthrough'
import './OptionPicker.scss'

interface OptionPickerProps {
  options: ProductOption[]
  selection: Record<string, string>
  onChoose(optionName: string, value: string): void
  /** Per option, the values no variant in stock offers with the other chosen values: drawn struck through. */
  soldOut?: Record<string, readonly string[]>
}

/** One row of value buttons per option (size, colour...). */
export function OptionPicker({ options, selection, onChoose, soldOut = {} }: OptionPickerProps) {
  const t = useT()
  const localized = useLocalized()
  return (
    <View className="option-picker">
      {options.map((option) => {
        const optionName = localized(option.nameContent, option.name)
        return (
          <View key={option.name} className="option-picker__option" role="radiogroup" aria-label={optionName}>
            <Text className="option-picker__name">{t('product.choose', { name: optionName })}</Text>
            <View className="option-picker__values">
              {option.values.map((v) => {
                const chosen = selection[option.name] === v.value
                const out = soldOut[option.name]?.includes(v.value) ?? false
                const label = localized(v.label, v.value)
                return (
                  <View
                    key={v.value}
                    role="radio"
                    tabIndex={0}
                    aria-checked={chosen}
                    aria-label={out ? t('walk.valueSoldOut', { value: label }) : undefined}
                    className={`option-picker__value${chosen ? ' option-picker__value--chosen' : ''}${out ? ' option-picker__value--sold-out' : ''}`}
                    data-option={option.name}
                    data-value={v.value}
                    onClick={() => onChoose(option.name, v.value)}
                  >
                    {label}
                  </View>
                )
              })}
            </View>
          </View>
        )
      })}
    </View>
  )
}
