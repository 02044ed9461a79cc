import { View, Text } from '@tarojs/components'
import type { ProductOption } from '@/api/catalog'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import './OptionPicker.scss'

interface OptionPickerProps {
  options: ProductOption[]
  selection: Record<string, string>
  onChoose(optionName: string, value: string): void
}

/** One row of value buttons per option (size, colour...). */
export function OptionPicker({ options, selection, onChoose }: OptionPickerProps) {
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
                return (
                  <View
                    key={v.value}
                    role="radio"
                    tabIndex={0}
                    aria-checked={chosen}
                    className={`option-picker__value${chosen ? ' option-picker__value--chosen' : ''}`}
                    data-option={option.name}
                    data-value={v.value}
                    onClick={() => onChoose(option.name, v.value)}
                  >
                    {localized(v.label, v.value)}
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
